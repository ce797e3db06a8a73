import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserRestoreButtonProps {
  user: UserRecord;
  onRestored: (message: string) => void;
  onFailed: (message: string) => void;
}

/**
 * Issue 14 item 7: a deleted user's row offers Restore (POST .../restore: the account signs in
 * again), then the list refetches; a user whose email was freed cannot come back and says so.
 */
export const UserRestoreButton = ({ user, onRestored, onFailed }: UserRestoreButtonProps) => {
  const translate = useTranslate();
  const action = useUserAction({
    run: (dataProvider, target: UserRecord) => dataProvider.restoreUser(target.id),
    success: 'app.users.success.restored',
    failure: 'app.users.errors.restore',
    refetch: true,
    onSuccess: onRestored,
    onError: onFailed,
  });
  if (user.emailFreed) return <Chip size="small" variant="outlined" label={translate('app.users.emailFreed')} />;
  return (
    <Button size="small" startIcon={<RestoreFromTrashIcon />} disabled={action.pending} onClick={() => action.submit(user)}>
      {translate('app.users.actions.restore')}
    </Button>
  );
};
