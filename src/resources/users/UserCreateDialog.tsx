import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useCreate, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { createUserFormSchema, USER_ERROR_CODES, type CreateUser } from '@/contract/users';
import { UserDialog } from './UserDialog';
import { UserInputs } from './UserInputs';
import { useActionState, useRefetchUsers } from './useUserAction';

interface UserCreateDialogProps {
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * spec 5: Create New User; Create stays disabled until email, a 6+ character password and name
 * are set (the contract's create schema). When an unverified self sign-up holds the email (409
 * EMAIL_HELD_UNVERIFIED), the server's message comes with "Replace that account", which sends
 * the form again with replaceUnverified, as long as the email is still the one the server answered for.
 */
export const UserCreateDialog = ({ onClose, onDone }: UserCreateDialogProps) => {
  const translate = useTranslate();
  const form = useForm({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: { email: '', password: '', name: '', role: 'user' as const },
    mode: 'onChange',
  });
  const refetchUsers = useRefetchUsers();
  const [create, mutation] = useCreate<CreateUser>();
  const action = useActionState(mutation, 'app.users.errors.create');
  const submit = (data: CreateUser) =>
    create(
      'users',
      { data },
      {
        onSuccess: () => {
          refetchUsers();
          onDone(translate('app.users.success.created'));
        },
      },
    );
  const failedEmail = mutation.isError ? mutation.variables?.data?.email : undefined;
  const replaceable =
    form.formState.isValid && action.errorCode === USER_ERROR_CODES.emailHeldUnverified && failedEmail === form.watch('email').trim();
  return (
    <FormProvider {...form}>
      <UserDialog
        title={translate('app.users.dialogs.create.title')}
        submitLabel={translate('app.users.dialogs.create.submit')}
        canSubmit={form.formState.isValid}
        pending={action.pending}
        error={action.error}
        errorAction={
          replaceable && (
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              disabled={action.pending}
              onClick={form.handleSubmit((data) => submit({ ...data, replaceUnverified: true }))}
            >
              {translate('app.users.dialogs.create.replace')}
            </Button>
          )
        }
        onDismissError={action.dismissError}
        onClose={onClose}
        onSubmit={form.handleSubmit(submit)}
      >
        <UserInputs mode="create" />
      </UserDialog>
    </FormProvider>
  );
};
