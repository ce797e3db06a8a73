import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ListControllerResult, useTranslate } from 'react-admin';
import { shouldRetryQuery } from '@/dataProvider/queryClient';

/** What a dictionary list shows of its read. */
export interface ListRead {
  isPending: boolean;
  isError: boolean;
  /** A retry of the failed read is under way: the banner says so. */
  retrying: boolean;
}

/** react-query's own default when the client sets no retry policy. */
const DEFAULT_RETRIES = 3;

const noNotification = () => undefined;

/**
 * A dictionary list's read as ListState shows it (spec 8): failed from the first failed attempt
 * on, while retries go on behind the banner, and no longer loading then. react-admin's list
 * controller tells only the error left once retries are spent, so the read's `retry` (the query
 * client's own policy) notes each failed attempt. Spread `queryOptions` into the controller's.
 */
export const useListRead = () => {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<unknown>(null);
  const retry = useCallback(
    (failureCount: number, error: Error) => {
      setAttempt(error);
      const policy = queryClient.getDefaultOptions().queries?.retry;
      if (typeof policy === 'function') return policy(failureCount, error);
      if (typeof policy === 'number') return failureCount < policy;
      return policy ?? failureCount < DEFAULT_RETRIES;
    },
    [queryClient],
  );
  const queryOptions = useMemo(
    () => ({
      retry,
      onSuccess: () => setAttempt(null),
      // the failure shows on the list's banner, not as react-admin's notification as well
      onError: noNotification,
    }),
    [retry],
  );
  const readOf = useCallback(
    ({ error, isFetching, isPending }: Pick<ListControllerResult, 'error' | 'isFetching' | 'isPending'>): ListRead => {
      const failure = error ?? (isFetching ? attempt : null);
      return {
        isPending: Boolean(isPending) && failure === null,
        isError: failure !== null,
        retrying: failure !== null && Boolean(isFetching) && shouldRetryQuery(0, failure),
      };
    },
    [attempt],
  );
  return { queryOptions, readOf };
};

interface ListStateProps {
  read: ListRead;
  isEmpty: boolean;
  emptyKey: string;
}

/** Loading, failed and empty lists (spec 2, 7, 8): a failed list shows as empty, under its banner. */
export const ListState = ({ read: { isPending, isError, retrying }, isEmpty, emptyKey }: ListStateProps) => {
  const translate = useTranslate();
  if (isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} />
        <Typography>{translate('app.dictionary.loading')}</Typography>
      </Box>
    );
  }
  return (
    <>
      {isError && (
        <Alert severity="error">
          {translate('app.dictionary.errors.fetch')}
          {retrying && ` ${translate('app.http.retrying')}`}
        </Alert>
      )}
      {isEmpty && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate(emptyKey)}
        </Typography>
      )}
    </>
  );
};
