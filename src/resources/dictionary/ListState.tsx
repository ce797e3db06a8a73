import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { readFailure } from '@/dataProvider/queryClient';

interface ListStateProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  emptyKey: string;
  /** A retry of the failed read is under way: the banner says so. */
  retrying?: boolean;
}

/**
 * A dictionary list's read as ListState shows it (issue 14 item 6): failed from the first
 * failed attempt on, while retries go on behind the banner, and no longer loading then.
 */
export const useListFailure = (query: { error: unknown; failureReason: unknown; isFetching: boolean; isPending: boolean }) => {
  const { failure, retrying } = readFailure(query);
  return { isError: failure !== null, retrying, isPending: query.isPending && failure === null };
};

/** Loading, failed and empty lists (spec 2, 7, 8): a failed list shows as empty, under its banner. */
export const ListState = ({ isPending, isError, isEmpty, emptyKey, retrying = false }: ListStateProps) => {
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
