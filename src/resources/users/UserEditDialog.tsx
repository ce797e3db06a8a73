import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslate, useUpdate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { updateUserSchema, type UpdateUser } from '@/contract/users';
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
  const submit = (data: UpdateUser) =>
    update(
      'users',
      { id: user.id, data, previousData: user },
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
        error={action.error}
        onDismissError={action.dismissError}
        onClose={onClose}
        onSubmit={form.handleSubmit(submit)}
      >
        <UserInputs mode="edit" email={user.email} self={self} wasAdmin={user.role === 'admin'} />
      </UserDialog>
    </FormProvider>
  );
};
