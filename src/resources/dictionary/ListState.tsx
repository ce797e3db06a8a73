import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';
import { useListFailure } from '@/shared/usePortalList';

export interface ListRead {
  isPending: boolean;
  isError: boolean;
  retrying: boolean;
  refetch: () => unknown;
}

/** spec 8: failed from the first failed attempt on, while retries go on behind the banner. */
export const useListRead = (): ListRead => {
  const { isPending, refetch } = useListContext();
  const { failure, retrying } = useListFailure();
  return { isPending: Boolean(isPending) && failure === null, isError: failure !== null, retrying, refetch };
};

interface ListStateProps {
  read: ListRead;
  isEmpty: boolean;
  emptyKey: string;
}

/** A failed read never shows the empty state: "add a new item" would invite a duplicate of rows the page could not read. */
export const ListState = ({ read: { isPending, isError, retrying, refetch }, isEmpty, emptyKey }: ListStateProps) => {
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
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={retrying}>
              {translate('app.http.retry')}
            </Button>
          }
        >
          {translate('app.dictionary.errors.fetch')}
          {retrying && ` ${translate('app.http.retrying')}`}
        </Alert>
      )}
      {isEmpty && !isError && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate(emptyKey)}
        </Typography>
      )}
    </>
  );
};
