import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { updateUserSchema, type UpdateUser } from '@/contract/users';
import { UserDialog } from './UserDialog';
import { UserInputs, type UserFormValues } from './UserInputs';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserEditDialogProps {
  user: UserRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Edit User; the email is shown but not editable, Save is disabled while the name is empty. */
export const UserEditDialog = ({ user, onClose, onDone }: UserEditDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState<UserFormValues>({ ...user, password: '' });
  const parsed = updateUserSchema.safeParse({ name: values.name, role: values.role, isActive: values.isActive });
  const action = useUserAction({
    run: (dataProvider, data: UpdateUser) => dataProvider.update('users', { id: user.id, data, previousData: user }),
    success: 'app.users.success.updated',
    failure: 'app.users.errors.update',
    refetch: true,
    onSuccess: onDone,
  });
  return (
    <UserDialog
      title={translate('app.users.dialogs.edit.title')}
      submitLabel={translate('app.users.dialogs.edit.submit')}
      canSubmit={parsed.success}
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => parsed.success && action.submit(parsed.data)}
    >
      <UserInputs mode="edit" values={values} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} />
    </UserDialog>
  );
};
