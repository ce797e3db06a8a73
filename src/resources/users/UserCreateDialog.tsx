import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useCreate, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { createUserFormSchema, USER_ERROR_CODES, type CreateUser } from '@/contract/users';
import { useDeletedEmailOffer } from './useDeletedEmailOffer';
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
 * When a deleted user holds it (409 EMAIL_HELD_BY_DELETED), the dialog offers
 * "Restore the deleted account" or "Free the email" (then creates the new account).
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
  const sameEmail = form.formState.isValid && failedEmail === form.watch('email').trim();
  const replaceable = sameEmail && action.errorCode === USER_ERROR_CODES.emailHeldUnverified;
  const heldByDeleted = sameEmail && action.errorCode === USER_ERROR_CODES.emailHeldByDeleted;
  const offer = useDeletedEmailOffer();
  const restoreDeleted = async () => {
    if (failedEmail && (await offer.run(failedEmail, 'restore'))) {
      refetchUsers();
      onDone(translate('app.users.success.restored'));
    }
  };
  const freeEmail = form.handleSubmit(async (data) => {
    if (await offer.run(data.email, 'freeEmail')) submit(data);
  });
  const offerButton = (labelKey: string, onClick: () => void) => (
    <Button variant="outlined" color="inherit" size="small" disabled={action.pending || offer.pending} onClick={onClick} sx={{ mr: 1 }}>
      {translate(labelKey)}
    </Button>
  );
  return (
    <FormProvider {...form}>
      <UserDialog
        title={translate('app.users.dialogs.create.title')}
        submitLabel={translate('app.users.dialogs.create.submit')}
        canSubmit={form.formState.isValid}
        pending={action.pending}
        error={offer.error ?? (heldByDeleted ? translate('app.users.errors.emailHeldByDeleted') : action.error)}
        errorAction={
          (heldByDeleted && !offer.error && (
            <>
              {offerButton('app.users.dialogs.create.restoreDeleted', () => void restoreDeleted())}
              {offerButton('app.users.dialogs.create.freeEmail', () => void freeEmail())}
            </>
          )) ||
          (replaceable && (
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              disabled={action.pending}
              onClick={form.handleSubmit((data) => submit({ ...data, replaceUnverified: true }))}
            >
              {translate('app.users.dialogs.create.replace')}
            </Button>
          ))
        }
        onDismissError={() => {
          offer.dismiss();
          action.dismissError();
        }}
        onClose={onClose}
        onSubmit={form.handleSubmit(submit)}
      >
        <UserInputs mode="create" />
      </UserDialog>
    </FormProvider>
  );
};
