import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { createUserSchema, type CreateUser } from '@/contract/users';
import { UserDialog } from './UserDialog';
import { UserInputs, type UserFormValues } from './UserInputs';
import { useUserAction } from './useUserAction';

interface UserCreateDialogProps {
  onClose: () => void;
  onDone: (message: string) => void;
}

/** spec 5: Create New User; Create stays disabled until email, a 6+ character password and name are set. */
export const UserCreateDialog = ({ onClose, onDone }: UserCreateDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState<UserFormValues>({ email: '', password: '', name: '', role: 'user', isActive: true });
  const { email, password, name, role } = values;
  const parsed = createUserSchema.safeParse({ email: email.trim(), password, name, role });
  const action = useUserAction({
    run: (dataProvider, data: CreateUser) => dataProvider.create('users', { data }),
    success: 'app.users.success.created',
    failure: 'app.users.errors.create',
    refetch: true,
    onSuccess: onDone,
  });
  return (
    <UserDialog
      title={translate('app.users.dialogs.create.title')}
      submitLabel={translate('app.users.dialogs.create.submit')}
      canSubmit={parsed.success}
      pending={action.pending}
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => parsed.success && action.submit(parsed.data)}
    >
      <UserInputs mode="create" values={values} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} />
    </UserDialog>
  );
};
