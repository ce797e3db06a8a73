import { useTranslate } from 'react-admin';
import type { ApiKey } from '@/contract/apiKeys';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { useErrorText } from '@/shared/useErrorText';
import { useApiKeyActions } from './useApiKeyActions';

/** Cancel has the focus, so Enter does not revoke by accident. */
export const ApiKeyRevokeDialog = ({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const banner = usePageBanner();
  const { revoke } = useApiKeyActions();
  const confirm = () =>
    revoke.mutate(apiKey, {
      onSuccess: () => {
        onClose();
        banner.success(translate('app.apiKeys.messages.revoked'));
      },
      onError: (error) => {
        onClose();
        banner.error(errorText(error, 'app.apiKeys.errors.revoke'));
      },
    });
  return (
    <ConfirmDialog
      title="app.apiKeys.revoke.title"
      message={translate('app.apiKeys.revoke.message', { name: apiKey.name })}
      confirmLabel="app.apiKeys.revoke.confirm"
      cancelLabel="app.apiKeys.revoke.cancel"
      loading={revoke.isPending}
      onCancel={() => !revoke.isPending && onClose()}
      onConfirm={confirm}
    />
  );
};
