import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useDataProvider, useTranslate, useUpdate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { updateUserSchema, type UpdateUser } from '@/contract/users';
import type { PortalDataProvider } from '@/dataProvider/types';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import { UserDialog } from './UserDialog';
import { UserInputs } from './UserInputs';
import type { UserRecord } from './userTypes';
import { useActionState, useRefetchUsers } from './useUserAction';

interface UserEditDialogProps {
  user: UserRecord;
  /** The signed-in admin's own account: its role and status stay as they are (spec 6). */
  self: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Edit User; the email is shown but not editable, Save is disabled while the name is empty (the contract's update schema). */
export const UserEditDialog = ({ user, self, onClose, onDone }: UserEditDialogProps) => {
  const translate = useTranslate();
  const form = useForm({
    resolver: zodResolver(updateUserSchema),
    defaultValues: { name: user.name, role: user.role, isActive: user.isActive },
    mode: 'onChange',
  });
  const refetchUsers = useRefetchUsers();
  const [update, mutation] = useUpdate<UserRecord>();
  const action = useActionState(mutation, 'app.users.errors.update');
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The edit starts from the version it loaded; after a conflict, from the reloaded one.
  const [version, setVersion] = useState(user.version);
  const [theirs, setTheirs] = useState<UserRecord | null>(null);
  const conflict = mutation.isError && isVersionConflict(mutation.error);
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
  const submit = (data: UpdateUser) =>
    update(
      'users',
      { id: user.id, data: { ...data, version }, previousData: user },
      {
        onSuccess: () => {
          refetchUsers();
          onDone(translate('app.users.success.updated'));
        },
      },
    );
  return (
    <FormProvider {...form}>
      <UserDialog
        title={translate('app.users.dialogs.edit.title')}
        submitLabel={translate('app.users.dialogs.edit.submit')}
        canSubmit={form.formState.isValid}
        pending={action.pending}
        error={conflict ? null : action.error}
        onDismissError={action.dismissError}
        onClose={onClose}
        onSubmit={form.handleSubmit(submit)}
      >
        {conflict && <VersionConflictAlert key={mutation.submittedAt} onReload={reload} theirs={theirsText} />}
        <UserInputs mode="edit" email={user.email} self={self} wasAdmin={user.role === 'admin'} />
      </UserDialog>
    </FormProvider>
  );
};
