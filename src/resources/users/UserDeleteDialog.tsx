import Typography from '@mui/material/Typography';
import { useDelete, useTranslate } from 'react-admin';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import type { UserRecord } from './userTypes';
import { useActionState } from './useUserAction';

interface UserDeleteDialogProps {
  user: UserRecord;
  onClose: () => void;
}

/**
 * spec 5: Delete User asks for confirmation (Cancel focused); delete is a soft delete that disables
 * the account. A refusal shows inside the dialog; react-admin's delete refetches the list.
 */
export const UserDeleteDialog = ({ user, onClose }: UserDeleteDialogProps) => {
  const translate = useTranslate();
  const banner = usePageBanner();
  const [deleteOne, mutation] = useDelete<UserRecord>();
  const action = useActionState(mutation, 'app.users.errors.delete');
  const submit = () =>
    deleteOne(
      'users',
      { id: user.id, previousData: user },
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
      error={action.error}
      onDismissError={action.dismissError}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Typography>{translate('app.users.dialogs.delete.confirm', { user: user.email })}</Typography>
    </FormDialog>
  );
};
