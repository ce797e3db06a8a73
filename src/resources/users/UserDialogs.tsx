import { UserCreateDialog } from './UserCreateDialog';
import { UserDeleteDialog } from './UserDeleteDialog';
import { UserEditDialog } from './UserEditDialog';
import { UserResetPasswordDialog } from './UserResetPasswordDialog';
import { useIsOwnAccount } from './useIsOwnAccount';
import type { UserDialogState } from './userTypes';

interface UserDialogsProps {
  dialog: UserDialogState;
  onClose: () => void;
}

/** A fresh mount each time, so forms start empty. */
export const UserDialogs = ({ dialog, onClose }: UserDialogsProps) => {
  const isOwnAccount = useIsOwnAccount();
  if (!dialog) return null;
  if (dialog.kind === 'create') return <UserCreateDialog onClose={onClose} email={dialog.email} />;
  const props = { user: dialog.user, onClose };
  if (dialog.kind === 'edit') return <UserEditDialog {...props} self={isOwnAccount(dialog.user)} />;
  if (dialog.kind === 'resetPassword') return <UserResetPasswordDialog {...props} />;
  return <UserDeleteDialog {...props} />;
};
