import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { readFailure } from '@/dataProvider/queryClient';

interface LiveFigureProps<T> {
  /** What the figure counts, before it ("Calls in the last 7 days"). */
  label: string;
  query: UseQueryResult<T>;
  value: (data: T) => string;
  /** Where the figure comes from. */
  to: string | ((data: T) => string);
}

/** One figure of a dashboard card: a placeholder while it loads, Retry when it failed, else the figure linking to its source. */
export const LiveFigure = <T,>({ label, query, value, to }: LiveFigureProps<T>) => {
  const translate = useTranslate();
  const { data, isFetching, refetch } = query;
  const failed = data === undefined && readFailure(query).failure !== null;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1, minHeight: 32 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {data !== undefined ? (
        <Link
          component={RouterLink}
          to={typeof to === 'string' ? to : to(data)}
          variant="subtitle1"
          sx={{ fontWeight: 600, display: 'inline-block', minHeight: 24 }}
        >
          {value(data)}
        </Link>
      ) : failed ? (
        <Typography component="span" variant="body2">
          {translate('app.dashboard.live.failed')}{' '}
          <Button
            size="small"
            onClick={() => void refetch()}
            disabled={isFetching}
            aria-label={translate('app.dashboard.live.retry', { label })}
          >
            {translate('app.http.retry')}
          </Button>
        </Typography>
      ) : (
        <Skeleton variant="text" width={48} aria-label={translate('app.dashboard.live.loading', { label })} role="status" />
      )}
    </Box>
  );
};
