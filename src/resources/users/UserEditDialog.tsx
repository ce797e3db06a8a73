import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { EditBase, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { updateUserSchema } from '@/contract/users';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { useErrorText } from '@/shared/useErrorText';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import { UserInputs } from './UserInputs';
import type { UserRecord } from './userTypes';
import { useRefetchUsers } from './useUserAction';
import { useUserVersion } from './useUserVersion';

interface UserEditDialogProps {
  user: UserRecord;
  /** spec 6: its role and status stay as they are. */
  self: boolean;
  onClose: () => void;
}

const canSave = (values: FieldValues) => updateUserSchema.safeParse(values).success;

/** spec 5; saved from the row shown, as the API reads no single user. */
export const UserEditDialog = ({ user, self, onClose }: UserEditDialogProps) => {
  const translate = useTranslate();
  const toText = useErrorText();
  const banner = usePageBanner();
  const refetchUsers = useRefetchUsers();
  const values = useMemo(() => ({ name: user.name, role: user.role, isActive: user.isActive }), [user]);
  const { version, theirsText, reload } = useUserVersion(user);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const conflict = failure !== null && isVersionConflict(failure.error);
  return (
    <EditBase<UserRecord>
      resource="users"
      disableAuthentication
      id={user.id}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ enabled: false }}
      transform={(data) => ({ ...data, version })}
      mutationOptions={{
        onMutate: () => setFailure(null),
        onSuccess: () => {
          // spec 4: react-admin's update only patches the rows it holds.
          refetchUsers();
          banner.success(translate('app.users.success.updated'));
          onClose();
        },
        onError: (error) => setFailure({ error }),
      }}
      render={({ saving }) => (
        <FormDialog
          title={translate('app.users.dialogs.edit.title')}
          submitLabel={translate('app.users.dialogs.edit.submit')}
          cancelLabel="app.users.dialogs.cancel"
          record={values}
          resolver={zodResolver(updateUserSchema)}
          mode="onChange"
          canSubmit={canSave}
          pending={saving}
          error={failure && !conflict ? toText(failure.error, 'app.users.errors.update') : null}
          onDismissError={() => setFailure(null)}
          onClose={onClose}
        >
          {conflict && <VersionConflictAlert onReload={reload} theirs={theirsText} />}
          <UserInputs mode="edit" email={user.email} self={self} wasAdmin={user.role === 'admin'} />
        </FormDialog>
      )}
    />
  );
};
