import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useId } from 'react';
import { useTranslate } from 'react-admin';
import { readFailure } from '@/dataProvider/queryClient';
import { useErrorText } from '@/shared/useErrorText';

export interface SectionMessages {
  title: string;
  description: string;
  empty: string;
  loadFailed: string;
}

interface InsightsSectionProps<T> {
  /** Written out where the section is declared, so the catalogue test sees them. */
  messages: SectionMessages;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  actions?: (data: T) => ReactNode;
  children: (data: T, titleId: string) => ReactNode;
  /** Drawn after the sections above have painted: on a cold load the first chart should not wait for four more tables. */
  later?: boolean;
  /** The section's id, for links from the headline. */
  anchor?: string;
}

const Loading = ({ label }: { label: string }) => (
  <Box role="status" aria-label={label}>
    {[0, 1, 2, 3].map((row) => (
      <Skeleton key={row} variant="text" height={32} />
    ))}
  </Box>
);

/** A failed read never shows the empty state: "nothing here" would be a claim the page cannot make. */
export const InsightsSection = <T,>({ messages, query, isEmpty, actions, children, later = false, anchor }: InsightsSectionProps<T>) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const titleId = useId();
  const { isPlaceholderData, isFetching, refetch } = query;
  const deferred = useDeferredValue(query.data, undefined);
  const data = later ? deferred : query.data;
  const { failure, retrying } = readFailure(query);
  // Figures of other filters are never shown under this filter's failure.
  const shown = failure !== null && isPlaceholderData ? undefined : data;
  const loading = isFetching && (isPlaceholderData || shown === undefined);

  return (
    <Card component="section" aria-labelledby={titleId} id={anchor} sx={{ scrollMarginTop: 72 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6">
            {translate(messages.title)}
          </Typography>
          {shown !== undefined && !isEmpty(shown) && actions?.(shown)}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(messages.description)}
        </Typography>
        {failure !== null && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                {translate('app.insights.retry')}
              </Button>
            }
          >
            {errorText(failure, messages.loadFailed)}
            {retrying && ` ${translate('app.http.retrying')}`}
          </Alert>
        )}
        <Box sx={{ height: 4, mb: 1 }}>
          {loading && shown !== undefined && <LinearProgress aria-label={translate('app.insights.loading')} />}
        </Box>
        {shown === undefined ? (
          failure === null && <Loading label={translate('app.insights.loading')} />
        ) : isEmpty(shown) ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate(messages.empty)}
          </Typography>
        ) : (
          <Box aria-busy={loading} sx={loading ? { opacity: 0.6 } : undefined}>
            {children(shown, titleId)}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
