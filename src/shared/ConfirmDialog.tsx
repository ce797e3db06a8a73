import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

interface ConfirmDialogProps {
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** spec 5: deletions ask first, with the spec's exact sentence; Cancel is focused. */
export const ConfirmDialog = ({ message, onCancel, onConfirm }: ConfirmDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onCancel} aria-describedby="dictionary-confirm-text">
      <DialogTitle>{translate('app.dictionary.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="dictionary-confirm-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* Cancel takes the focus, so Enter does not delete */}
        <Button onClick={onCancel} autoFocus>
          {translate('app.dictionary.confirm.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {translate('app.dictionary.confirm.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
