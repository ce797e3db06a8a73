import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import type { ApiKey } from '@/contract/apiKeys';
import { useApiKeyActions, useErrorText } from './useApiKeyActions';

interface ApiKeyRevokeDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
  onRevoked: () => void;
  onFailed: (message: string) => void;
}

/** Asks before revoking; Cancel has the focus, so Enter does not revoke by accident. */
export const ApiKeyRevokeDialog = ({ apiKey, onClose, onRevoked, onFailed }: ApiKeyRevokeDialogProps) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { revoke } = useApiKeyActions();
  const confirm = () =>
    revoke.mutate(apiKey, { onSuccess: onRevoked, onError: (error) => onFailed(errorText(error, 'app.apiKeys.errors.revoke')) });
  return (
    <Dialog
      open
      onClose={() => !revoke.isPending && onClose()}
      aria-labelledby="api-key-revoke-title"
      aria-describedby="api-key-revoke-text"
    >
      <DialogTitle id="api-key-revoke-title">{translate('app.apiKeys.revoke.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="api-key-revoke-text">{translate('app.apiKeys.revoke.message', { name: apiKey.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus disabled={revoke.isPending}>
          {translate('app.apiKeys.revoke.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={revoke.isPending}>
          {translate('app.apiKeys.revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
