import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { readFailure } from '@/dataProvider/queryClient';
import { formatDate, useDateLocale } from '@/i18n/dateFormat';

interface ListQuery {
  error: unknown;
  failureReason: unknown;
  isFetching: boolean;
  dataUpdatedAt: number;
}

export const useListReadFailure = (query: ListQuery, hasRows: boolean) => {
  const { failure, retrying } = readFailure(query);
  // A page fetched for the first time has no time of its own while the last page stands in.
  const [loadedAt, setLoadedAt] = useState(0);
  useEffect(() => {
    if (query.dataUpdatedAt) setLoadedAt(query.dataUpdatedAt);
  }, [query.dataUpdatedAt]);
  return { failure, retrying, staleSince: failure !== null && hasRows ? loadedAt : null };
};

interface ReadFailureAlertProps {
  message: string;
  retrying: boolean;
  /** null: no rows from an earlier load. */
  staleSince: number | null;
  staleId: string;
  onRetry: () => void;
  onClose?: () => void;
}

export const ReadFailureAlert = ({ message, retrying, staleSince, staleId, onRetry, onClose }: ReadFailureAlertProps) => {
  const translate = useTranslate();
  const dateLocale = useDateLocale();
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            {translate('app.http.retry')}
          </Button>
          {onClose && (
            <IconButton color="inherit" size="small" aria-label={translate('ra.action.close')} onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </>
      }
    >
      {message}
      {retrying && ` ${translate('app.http.retrying')}`}
      {staleSince !== null && (
        <Box component="span" id={staleId} sx={{ display: 'block' }}>
          {translate('app.http.staleRows', { time: formatDate(new Date(staleSince).toISOString(), 'HH:mm:ss', dateLocale) })}
        </Box>
      )}
    </Alert>
  );
};

export const StaleRows = ({ staleSince, staleId, children }: { staleSince: number | null; staleId: string; children: ReactNode }) => (
  <Box sx={staleSince !== null ? { opacity: 0.6 } : undefined} aria-describedby={staleSince !== null ? staleId : undefined}>
    {children}
  </Box>
);
