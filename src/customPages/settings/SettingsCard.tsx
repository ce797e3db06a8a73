import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslate } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';
import { readFailure } from '@/dataProvider/queryClient';

interface SettingsQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  failureReason: unknown;
  refetch: () => unknown;
}

/** Written out in full where the card is used, so the catalogue test sees them. */
export interface SettingsCardMessages {
  title: string;
  description: string;
  loading: string;
  loadFailed: string;
  retry: string;
  stale: string;
}

interface SettingsCardProps<T> {
  messages: SettingsCardMessages;
  query: SettingsQuery<T>;
  /** `stale` when a later refresh failed. */
  children: (data: T, stale: boolean) => ReactNode;
}

/** Never an empty stand-in: a failed refresh after a first read keeps the values, marked out of date. */
export const SettingsCard = <T,>({ messages, query, children }: SettingsCardProps<T>) => {
  const translate = useTranslate();
  const titleId = useId();
  const { data, isFetching, refetch } = query;
  // The failure shows from the first failed attempt, never hidden behind the loading text while retries run.
  const { failure, retrying } = readFailure(query);
  const stale = failure !== null && data !== undefined;
  const loadError = errorText(failure, messages.loadFailed);

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {translate(messages.title)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(messages.description)}
        </Typography>
        {data === undefined && failure === null && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} />
            <Typography>{translate(messages.loading)}</Typography>
          </Box>
        )}
        {failure !== null && (
          <Alert
            severity={stale ? 'warning' : 'error'}
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                {translate(messages.retry)}
              </Button>
            }
          >
            {translate(loadError, { _: loadError })}
            {retrying && ` ${translate('app.http.retrying')}`}
            {stale && <div>{translate(messages.stale)}</div>}
          </Alert>
        )}
        {data !== undefined && children(data, stale)}
      </CardContent>
    </Card>
  );
};
