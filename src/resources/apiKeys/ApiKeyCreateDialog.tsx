import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { type FieldError, type FieldValues, useController } from 'react-hook-form';
import { API_KEY_SCOPES, type ApiKeyCreate, type ApiKeyScope, apiKeyCreateSchema } from '@/contract/apiKeys';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { useErrorText } from '@/shared/useErrorText';
import { ApiKeySecret } from './ApiKeySecret';
import { useApiKeyActions } from './useApiKeyActions';

const EMPTY: ApiKeyCreate = { name: '', scopes: [] };

/** An empty field has its own sentence; any other refusal is the contract's. */
const useFieldError = (requiredKey: string) => {
  const translate = useTranslate();
  return (error: FieldError | undefined) =>
    error ? (error.type === 'too_small' ? translate(requiredKey) : translate(error.message ?? requiredKey, { _: error.message })) : null;
};

const NameInput = () => {
  const translate = useTranslate();
  const errorOf = useFieldError('app.apiKeys.errors.nameRequired');
  const {
    field: { ref, ...field },
    fieldState,
  } = useController<ApiKeyCreate, 'name'>({ name: 'name' });
  const error = errorOf(fieldState.error);
  return (
    <TextField
      {...field}
      inputRef={ref}
      autoFocus
      fullWidth
      margin="dense"
      label={translate('app.apiKeys.dialog.name')}
      error={error !== null}
      helperText={error ?? translate('app.apiKeys.dialog.nameHelp')}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );
};

const ScopesInput = () => {
  const translate = useTranslate();
  const errorOf = useFieldError('app.apiKeys.errors.scopeRequired');
  const { field, fieldState } = useController<ApiKeyCreate, 'scopes'>({ name: 'scopes' });
  const error = errorOf(fieldState.error);
  const toggle = (scope: ApiKeyScope) =>
    field.onChange(
      field.value.includes(scope)
        ? field.value.filter((s) => s !== scope)
        : API_KEY_SCOPES.filter((s) => s === scope || field.value.includes(s)),
    );
  return (
    <FormControl component="fieldset" error={error !== null}>
      <FormLabel component="legend">{translate('app.apiKeys.dialog.scopes')}</FormLabel>
      <FormGroup>
        {API_KEY_SCOPES.map((scope) => (
          <FormControlLabel
            key={scope}
            control={<Checkbox checked={field.value.includes(scope)} onChange={() => toggle(scope)} onBlur={field.onBlur} />}
            label={translate(`app.apiKeys.scopes.${scope}`)}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
};

/** Closing the dialog forgets the secret; a custom call, so it never enters react-admin's cache. */
export const ApiKeyCreateDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const banner = usePageBanner();
  const { create } = useApiKeyActions();
  const [secret, setSecret] = useState<string | null>(null);

  if (secret !== null) {
    const done = () => {
      onClose();
      banner.success(translate('app.apiKeys.messages.created'));
    };
    return (
      // A stray click outside or Escape must not lose the secret.
      <Dialog open fullWidth maxWidth="sm" aria-labelledby="api-key-secret-title">
        <DialogTitle id="api-key-secret-title">{translate('app.apiKeys.dialog.secretTitle')}</DialogTitle>
        <DialogContent>
          <ApiKeySecret secret={secret} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={done}>
            {translate('app.apiKeys.dialog.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog
      title={translate('app.apiKeys.dialog.createTitle')}
      submitLabel={translate(create.isPending ? 'app.apiKeys.dialog.submitting' : 'app.apiKeys.dialog.submit')}
      cancelLabel="app.apiKeys.dialog.cancel"
      defaultValues={EMPTY}
      resolver={zodResolver(apiKeyCreateSchema)}
      onSubmit={(values: FieldValues) => create.mutate(values as ApiKeyCreate, { onSuccess: (created) => setSecret(created.key) })}
      pending={create.isPending}
      error={create.isError ? errorText(create.error, 'app.apiKeys.errors.create') : null}
      onDismissError={create.reset}
      onClose={() => !create.isPending && onClose()}
    >
      <NameInput />
      <ScopesInput />
    </FormDialog>
  );
};
