import { UserCreateDialog } from './UserCreateDialog';
import { UserDeleteDialog } from './UserDeleteDialog';
import { UserEditDialog } from './UserEditDialog';
import { UserResetPasswordDialog } from './UserResetPasswordDialog';
import { useIsOwnAccount } from './useIsOwnAccount';
import type { UserDialogState } from './userTypes';

interface UserDialogsProps {
  dialog: UserDialogState;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The one open dialog, if any; a fresh mount each time, so forms start empty. */
export const UserDialogs = ({ dialog, onClose, onDone }: UserDialogsProps) => {
  const isOwnAccount = useIsOwnAccount();
  if (!dialog) return null;
  if (dialog.kind === 'create') return <UserCreateDialog onClose={onClose} onDone={onDone} />;
  const props = { user: dialog.user, onClose, onDone };
  if (dialog.kind === 'edit') return <UserEditDialog {...props} self={isOwnAccount(dialog.user)} />;
  if (dialog.kind === 'resetPassword') return <UserResetPasswordDialog {...props} />;
  return <UserDeleteDialog {...props} />;
};
