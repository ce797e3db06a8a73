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

/**
 * spec 5: Delete User asks for confirmation (Cancel focused); delete is a soft delete that disables
 * the account. A refusal shows inside the dialog; react-admin's delete refetches the list. The
 * delete carries the version the row showed (docs/api.md "Versions"): when someone else changed
 * the user since, nothing is deleted and the dialog offers to load their version, as the edit
 * dialog does; the next Delete then starts from it.
 */
export const UserDeleteDialog = ({ user, onClose }: UserDeleteDialogProps) => {
  const translate = useTranslate();
  const banner = usePageBanner();
  const refetchUsers = useRefetchUsers();
  const [deleteOne, mutation] = useDelete<UserRecord>();
  const action = useActionState(mutation, 'app.users.errors.delete');
  const conflict = mutation.isError && isVersionConflict(mutation.error);
  // The version the dialog opened at; after a conflict, the reloaded one (and the list shows it too).
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
