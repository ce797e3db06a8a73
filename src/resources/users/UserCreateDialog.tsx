import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { createUserSchema, USER_ERROR_CODES, type CreateUser } from '@/contract/users';
import { UserDialog } from './UserDialog';
import { UserInputs, type UserFormValues } from './UserInputs';
import { useUserAction } from './useUserAction';

interface UserCreateDialogProps {
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * spec 5: Create New User; Create stays disabled until email, a 6+ character password and name are set.
 * When an unverified self sign-up holds the email (409 EMAIL_HELD_UNVERIFIED), the server's
 * message comes with "Replace that account", which sends the form again with replaceUnverified,
 * as long as the email is still the one the server answered for.
 */
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
  const replaceable =
    parsed.success && action.errorCode === USER_ERROR_CODES.emailHeldUnverified && action.failedVariables?.email === parsed.data.email;
  return (
    <UserDialog
      title={translate('app.users.dialogs.create.title')}
      submitLabel={translate('app.users.dialogs.create.submit')}
      canSubmit={parsed.success}
      pending={action.pending}
      error={action.error}
      errorAction={
        replaceable && (
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            disabled={action.pending}
            onClick={() => action.submit({ ...parsed.data, replaceUnverified: true })}
          >
            {translate('app.users.dialogs.create.replace')}
          </Button>
        )
      }
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => parsed.success && action.submit(parsed.data)}
    >
      <UserInputs mode="create" values={values} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} />
    </UserDialog>
  );
};
