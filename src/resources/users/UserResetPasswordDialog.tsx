import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { type FieldValues, useController } from 'react-hook-form';
import { resetPasswordSchema } from '@/contract/users';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserResetPasswordDialogProps {
  user: UserRecord;
  onClose: () => void;
}

const canReset = (values: FieldValues) => resetPasswordSchema.safeParse(values).success;

const NewPasswordInput = () => {
  const translate = useTranslate();
  const {
    field: { ref, ...field },
  } = useController({ name: 'newPassword' });
  return (
    <TextField
      {...field}
      inputRef={ref}
      label={translate('app.users.fields.newPassword')}
      type="password"
      helperText={translate('app.users.fields.passwordHelper')}
      required
      autoFocus
      fullWidth
    />
  );
};

/** spec 5; no refetch after it (spec 4). */
export const UserResetPasswordDialog = ({ user, onClose }: UserResetPasswordDialogProps) => {
  const translate = useTranslate();
  const banner = usePageBanner();
  const action = useUserAction({
    run: (dataProvider, password: string) => dataProvider.resetPassword(user.id, password),
    success: 'app.users.success.passwordReset',
    failure: 'app.users.errors.resetPassword',
    refetch: false,
    onSuccess: (message) => {
      banner.success(message);
      onClose();
    },
  });
  return (
    <FormDialog
      title={translate('app.users.dialogs.resetPassword.title')}
      submitLabel={translate('app.users.dialogs.resetPassword.submit')}
      cancelLabel="app.users.dialogs.cancel"
      resolver={zodResolver(resetPasswordSchema)}
      defaultValues={{ newPassword: '' }}
      mode="onChange"
      canSubmit={canReset}
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={(values: FieldValues) => action.submit(values.newPassword)}
    >
      <Typography>{translate('app.users.dialogs.resetPassword.intro', { email: user.email })}</Typography>
      <NewPasswordInput />
    </FormDialog>
  );
};
