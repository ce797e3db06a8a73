import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { usePageBanner } from '@/shared/PageBanner';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

export const UserRestoreButton = ({ user }: { user: UserRecord }) => {
  const translate = useTranslate();
  const banner = usePageBanner();
  const action = useUserAction({
    run: (dataProvider, target: UserRecord) => dataProvider.restoreUser(target.id),
    success: 'app.users.success.restored',
    failure: 'app.users.errors.restore',
    refetch: true,
    onSuccess: banner.success,
    onError: banner.error,
  });
  if (user.emailFreed) return <Chip size="small" variant="outlined" label={translate('app.users.emailFreed')} />;
  return (
    <Button size="small" startIcon={<RestoreFromTrashIcon />} disabled={action.pending} onClick={() => action.submit(user)}>
      {translate('app.users.actions.restore')}
    </Button>
  );
};
