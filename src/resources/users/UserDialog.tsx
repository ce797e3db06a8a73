import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

interface UserDialogProps {
  title: string;
  submitLabel: string;
  canSubmit: boolean;
  pending: boolean;
  error: string | null;
  /** A way out the error offers (e.g. replacing an account), shown under its text. */
  errorAction?: ReactNode;
  onDismissError: () => void;
  onClose: () => void;
  /** Runs on Enter or the submit button; a form's handler validates the values itself. */
  onSubmit: () => void;
  /** A destructive dialog focuses Cancel, so Enter does not confirm it. */
  focusCancel?: boolean;
  children: ReactNode;
}

/** The frame of every user dialog: a form (Enter submits), Escape or Cancel closes, the failure banner on top. */
export const UserDialog = ({
  title,
  submitLabel,
  canSubmit,
  pending,
  error,
  errorAction,
  onDismissError,
  onClose,
  onSubmit,
  focusCancel = false,
  children,
}: UserDialogProps) => {
  const translate = useTranslate();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="user-dialog-title">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="user-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" onClose={onDismissError}>
                {error}
                {errorAction && <Box sx={{ mt: 1 }}>{errorAction}</Box>}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus={focusCancel}>
            {translate('app.users.dialogs.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit || pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
