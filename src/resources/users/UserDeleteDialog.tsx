import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { UserDialog } from './UserDialog';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserDeleteDialogProps {
  user: UserRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Delete User asks for confirmation; delete is a soft delete that disables the account. */
export const UserDeleteDialog = ({ user, onClose, onDone }: UserDeleteDialogProps) => {
  const translate = useTranslate();
  const action = useUserAction({
    run: (dataProvider, target: UserRecord) => dataProvider.delete('users', { id: target.id, previousData: target }),
    success: 'app.users.success.deleted',
    failure: 'app.users.errors.delete',
    refetch: true,
    onSuccess: onDone,
  });
  return (
    <UserDialog
      title={translate('app.users.dialogs.delete.title')}
      submitLabel={translate('app.users.dialogs.delete.submit')}
      canSubmit
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => action.submit(user)}
    >
      <Typography>{translate('app.users.dialogs.delete.confirm', { user: user.email })}</Typography>
    </UserDialog>
  );
};
