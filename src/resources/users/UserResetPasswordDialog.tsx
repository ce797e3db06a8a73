import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { resetPasswordSchema } from '@/contract/users';
import { UserDialog } from './UserDialog';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserResetPasswordDialogProps {
  user: UserRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Reset Password; the button stays disabled until the new password has 6+ characters. No refetch after it (spec 4). */
export const UserResetPasswordDialog = ({ user, onClose, onDone }: UserResetPasswordDialogProps) => {
  const translate = useTranslate();
  const [newPassword, setNewPassword] = useState('');
  const valid = resetPasswordSchema.safeParse({ newPassword }).success;
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
      canSubmit={valid}
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => action.submit(newPassword)}
    >
      <Typography>{translate('app.users.dialogs.resetPassword.intro', { email: user.email })}</Typography>
      <TextField
        label={translate('app.users.fields.newPassword')}
        type="password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        helperText={translate('app.users.fields.passwordHelper')}
        required
        autoFocus
        fullWidth
      />
    </UserDialog>
  );
};
