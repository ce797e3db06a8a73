import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useDelete, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import type { UserRecord } from './userTypes';
import { useActionState, useRefetchUsers } from './useUserAction';

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
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refetchUsers = useRefetchUsers();
  const [deleteOne, mutation] = useDelete<UserRecord>();
  const action = useActionState(mutation, 'app.users.errors.delete');
  const conflict = mutation.isError && isVersionConflict(mutation.error);
  // The version the dialog opened at; after a conflict, the reloaded one.
  const [version, setVersion] = useState(user.version);
  const [theirs, setTheirs] = useState<UserRecord | null>(null);
  const reload = async () => {
    try {
      const { data } = await dataProvider.getList<UserRecord>('users', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { search: user.email },
      });
      const latest = data.find((candidate) => candidate.id === user.id);
      if (!latest) return false;
      setVersion(latest.version);
      setTheirs(latest);
      refetchUsers();
      return true;
    } catch {
      return false;
    }
  };
  const theirsText =
    theirs &&
    translate('app.users.dialogs.edit.theirs', {
      name: theirs.name,
      role: translate(`app.users.filters.${theirs.role}`),
      status: translate(`app.users.filters.${theirs.isActive ? 'active' : 'inactive'}`),
    });
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
