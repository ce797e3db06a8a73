import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { API_KEY_SCOPES, type ApiKeyScope } from '@/contract/apiKeys';
import { ApiKeySecret } from './ApiKeySecret';
import { useApiKeyActions, useErrorText } from './useApiKeyActions';

interface ApiKeyCreateDialogProps {
  /** `created`: a key was created (its secret has been shown). */
  onClose: (created: boolean) => void;
}

/** Name and scopes, then the secret, once: closing the dialog forgets it. */
export const ApiKeyCreateDialog = ({ onClose }: ApiKeyCreateDialogProps) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { create } = useApiKeyActions();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [touched, setTouched] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const nameError = touched && name.trim() === '' ? translate('app.apiKeys.errors.nameRequired') : null;
  const scopeError = touched && scopes.length === 0 ? translate('app.apiKeys.errors.scopeRequired') : null;

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) =>
      current.includes(scope) ? current.filter((s) => s !== scope) : API_KEY_SCOPES.filter((s) => s === scope || current.includes(s)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() === '' || scopes.length === 0) return;
    create.mutate({ name: name.trim(), scopes }, { onSuccess: (created) => setSecret(created.key) });
  };

  if (secret !== null) {
    return (
      // The secret stays until Done: a stray click outside or Escape must not lose it.
      <Dialog open fullWidth maxWidth="sm" aria-labelledby="api-key-secret-title">
        <DialogTitle id="api-key-secret-title">{translate('app.apiKeys.dialog.secretTitle')}</DialogTitle>
        <DialogContent>
          <ApiKeySecret secret={secret} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => onClose(true)}>
            {translate('app.apiKeys.dialog.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open fullWidth maxWidth="sm" onClose={() => !create.isPending && onClose(false)} aria-labelledby="api-key-create-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="api-key-create-title">{translate('app.apiKeys.dialog.createTitle')}</DialogTitle>
        <DialogContent>
          {create.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(create.error, 'app.apiKeys.errors.create')}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('app.apiKeys.dialog.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError !== null}
            helperText={nameError ?? translate('app.apiKeys.dialog.nameHelp')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormControl component="fieldset" error={scopeError !== null} sx={{ mt: 2 }}>
            <FormLabel component="legend">{translate('app.apiKeys.dialog.scopes')}</FormLabel>
            <FormGroup>
              {API_KEY_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
                  label={translate(`app.apiKeys.scopes.${scope}`)}
                />
              ))}
            </FormGroup>
            {scopeError && <FormHelperText>{scopeError}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={create.isPending}>
            {translate('app.apiKeys.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {translate(create.isPending ? 'app.apiKeys.dialog.submitting' : 'app.apiKeys.dialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
