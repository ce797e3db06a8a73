import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { resetPasswordSchema } from '@/contract/users';
import { UserDialog } from './UserDialog';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserResetPasswordDialogProps {
  user: UserRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Reset Password; the button stays disabled until the new password has 6+ characters (the contract's schema). No refetch after it (spec 4). */
export const UserResetPasswordDialog = ({ user, onClose, onDone }: UserResetPasswordDialogProps) => {
  const translate = useTranslate();
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '' },
    mode: 'onChange',
  });
  const action = useUserAction({
    run: (dataProvider, password: string) => dataProvider.resetPassword(user.id, password),
    success: 'app.users.success.passwordReset',
    failure: 'app.users.errors.resetPassword',
    refetch: false,
    onSuccess: onDone,
  });
  return (
    <UserDialog
      title={translate('app.users.dialogs.resetPassword.title')}
      submitLabel={translate('app.users.dialogs.resetPassword.submit')}
      canSubmit={formState.isValid}
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={handleSubmit(({ newPassword }) => action.submit(newPassword))}
    >
      <Typography>{translate('app.users.dialogs.resetPassword.intro', { email: user.email })}</Typography>
      <Controller
        name="newPassword"
        control={control}
        render={({ field: { ref, ...field } }) => (
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
        )}
      />
    </UserDialog>
  );
};
