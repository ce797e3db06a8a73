import Typography from '@mui/material/Typography';
import { useDelete, useTranslate } from 'react-admin';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import type { UserRecord } from './userTypes';
import { useActionState, useRefetchUsers } from './useUserAction';
import { useUserVersion } from './useUserVersion';

interface UserDeleteDialogProps {
  user: UserRecord;
  onClose: () => void;
}

/** spec 5: a soft delete, carrying the version the row showed (docs/api.md "Versions"). */
export const UserDeleteDialog = ({ user, onClose }: UserDeleteDialogProps) => {
  const translate = useTranslate();
  const banner = usePageBanner();
  const refetchUsers = useRefetchUsers();
  const [deleteOne, mutation] = useDelete<UserRecord>();
  const action = useActionState(mutation, 'app.users.errors.delete');
  const conflict = mutation.isError && isVersionConflict(mutation.error);
  const { version, theirs, theirsText, reload } = useUserVersion(user, refetchUsers);
  const submit = () =>
    deleteOne(
      'users',
      { id: user.id, previousData: { ...(theirs ?? user), version } },
      {
        onSuccess: () => {
          banner.success(translate('app.users.success.deleted'));
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title={translate('app.users.dialogs.delete.title')}
      submitLabel={translate('app.users.dialogs.delete.submit')}
      cancelLabel="app.users.dialogs.cancel"
      focusCancel
      pending={action.pending}
      error={conflict ? null : action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {conflict && <VersionConflictAlert onReload={reload} theirs={theirsText} reloadedMessage="app.versions.deleteReloaded" />}
      <Typography>{translate('app.users.dialogs.delete.confirm', { user: user.email })}</Typography>
    </FormDialog>
  );
};
