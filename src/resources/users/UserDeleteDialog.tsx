import Typography from '@mui/material/Typography';
import { useDelete, useTranslate } from 'react-admin';
import { UserDialog } from './UserDialog';
import type { UserRecord } from './userTypes';
import { useActionState, useRefetchUsers } from './useUserAction';

interface UserDeleteDialogProps {
  user: UserRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Delete User asks for confirmation (Cancel focused); delete is a soft delete that disables the account. */
export const UserDeleteDialog = ({ user, onClose, onDone }: UserDeleteDialogProps) => {
  const translate = useTranslate();
  const refetchUsers = useRefetchUsers();
  const [deleteOne, mutation] = useDelete<UserRecord>();
  const action = useActionState(mutation, 'app.users.errors.delete');
  const submit = () =>
    deleteOne(
      'users',
      { id: user.id, previousData: user },
      {
        onSuccess: () => {
          refetchUsers();
          onDone(translate('app.users.success.deleted'));
        },
      },
    );
  return (
    <UserDialog
      title={translate('app.users.dialogs.delete.title')}
      submitLabel={translate('app.users.dialogs.delete.submit')}
      canSubmit
      focusCancel
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Typography>{translate('app.users.dialogs.delete.confirm', { user: user.email })}</Typography>
    </UserDialog>
  );
};
