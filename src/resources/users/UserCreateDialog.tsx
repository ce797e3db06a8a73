import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { CreateBase, useSaveContext, useTranslate } from 'react-admin';
import { type FieldValues, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { type CreateUser, createUserFormSchema, USER_ERROR_CODES } from '@/contract/users';
import { errorCodeOf } from '@/dataProvider/errorText';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { useErrorText } from '@/shared/useErrorText';
import { useDeletedEmailOffer } from './useDeletedEmailOffer';
import { UserInputs } from './UserInputs';
import { useRefetchUsers } from './useUserAction';

interface UserCreateDialogProps {
  onClose: () => void;
  /** An address to start from (a rep's calls come from it: Insights offers to add the user). */
  email?: string;
}

const EMPTY: CreateUser = { email: '', password: '', name: '', role: 'user' };

const canCreate = (values: FieldValues) => createUserFormSchema.safeParse(values).success;

interface CreateFailure {
  error: unknown;
  email: string | undefined;
}

/** Its offers apply only while the form holds the email the server refused. */
const SameEmailWatch = ({ email, onChange }: { email: string | undefined; onChange: (same: boolean) => void }) => {
  const typed = useWatch({ name: 'email' }) as string;
  const { isValid } = useFormState();
  const same = isValid && email === typed.trim();
  useEffect(() => onChange(same), [same, onChange]);
  return null;
};

interface OfferButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
}

const OfferButton = ({ label, disabled, onClick }: OfferButtonProps) => {
  const translate = useTranslate();
  return (
    <Button variant="outlined" color="inherit" size="small" disabled={disabled} onClick={onClick} sx={{ mr: 1 }}>
      {translate(label)}
    </Button>
  );
};

const ReplaceButton = () => {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext<CreateUser>();
  const { save, saving } = useSaveContext();
  return (
    <Button
      variant="outlined"
      color="inherit"
      size="small"
      disabled={saving}
      onClick={handleSubmit((data) => save?.({ ...data, replaceUnverified: true }))}
    >
      {translate('app.users.dialogs.create.replace')}
    </Button>
  );
};

const DeletedEmailButtons = ({ offer, onRestore }: { offer: ReturnType<typeof useDeletedEmailOffer>; onRestore: () => void }) => {
  const { handleSubmit } = useFormContext<CreateUser>();
  const { save, saving } = useSaveContext();
  const freeEmail = handleSubmit(async (data) => {
    if (await offer.run(data.email, 'freeEmail')) await save?.(data);
  });
  const disabled = saving === true || offer.pending;
  return (
    <>
      <OfferButton label="app.users.dialogs.create.restoreDeleted" disabled={disabled} onClick={onRestore} />
      <OfferButton label="app.users.dialogs.create.freeEmail" disabled={disabled} onClick={() => void freeEmail()} />
    </>
  );
};

/** spec 5; a refused email held by a self sign-up or a deleted user comes with the server's offers (docs/api.md "Deleted users"). */
export const UserCreateDialog = ({ onClose, email }: UserCreateDialogProps) => {
  const translate = useTranslate();
  const toText = useErrorText();
  const banner = usePageBanner();
  const refetchUsers = useRefetchUsers();
  const offer = useDeletedEmailOffer();
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  const [sameEmail, setSameEmail] = useState(false);
  const code = failure ? errorCodeOf(failure.error) : undefined;
  const replaceable = sameEmail && code === USER_ERROR_CODES.emailHeldUnverified;
  const heldByDeleted = sameEmail && code === USER_ERROR_CODES.emailHeldByDeleted;
  const done = (messageKey: string) => {
    banner.success(translate(messageKey));
    onClose();
  };
  const restoreDeleted = async () => {
    if (failure?.email && (await offer.run(failure.email, 'restore'))) {
      refetchUsers();
      done('app.users.success.restored');
    }
  };
  return (
    <CreateBase<CreateUser>
      resource="users"
      disableAuthentication
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onMutate: () => setFailure(null),
        onSuccess: () => done('app.users.success.created'),
        onError: (error, variables) => setFailure({ error, email: variables.data?.email }),
      }}
      render={({ saving }) => (
        <FormDialog
          title={translate('app.users.dialogs.create.title')}
          submitLabel={translate('app.users.dialogs.create.submit')}
          cancelLabel="app.users.dialogs.cancel"
          defaultValues={email ? { ...EMPTY, email } : EMPTY}
          resolver={zodResolver(createUserFormSchema)}
          mode="onChange"
          canSubmit={canCreate}
          pending={saving}
          error={
            offer.error ??
            (heldByDeleted ? translate('app.users.errors.emailHeldByDeleted') : failure && toText(failure.error, 'app.users.errors.create'))
          }
          errorAction={
            (heldByDeleted && !offer.error && <DeletedEmailButtons offer={offer} onRestore={() => void restoreDeleted()} />) ||
            (replaceable && <ReplaceButton />)
          }
          onDismissError={() => {
            offer.dismiss();
            setFailure(null);
          }}
          onClose={onClose}
        >
          <SameEmailWatch email={failure?.email} onChange={setSameEmail} />
          <UserInputs mode="create" />
        </FormDialog>
      )}
    />
  );
};
