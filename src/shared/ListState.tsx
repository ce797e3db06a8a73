import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

interface ListStateProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  emptyKey: string;
}

/** Loading, failed and empty lists (spec 2, 7, 8): a failed list shows as empty, under its banner. */
export const ListState = ({ isPending, isError, isEmpty, emptyKey }: ListStateProps) => {
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
      {isError && <Alert severity="error">{translate('app.dictionary.errors.fetch')}</Alert>}
      {isEmpty && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate(emptyKey)}
        </Typography>
      )}
    </>
  );
};
