import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import type { ApiKey } from '@/contract/apiKeys';
import { BannerAlert } from '@/shared/BannerAlert';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { useBanner } from '@/shared/useBanner';
import { ApiKeyCreateDialog } from './ApiKeyCreateDialog';
import { ApiKeyRevokeDialog } from './ApiKeyRevokeDialog';
import { API_KEY_COLUMNS, ApiKeyTable } from './ApiKeyTable';
import { RESOURCE, useErrorText } from './useApiKeyActions';

/** Every key in one call (a handful): the list is sorted in the browser, newest first. */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'createdAt', order: 'DESC' as const } };

/** Issue 13: the API Keys screen at /service-keys: list, create (the secret shown once) and revoke. */
export const ApiKeyList = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { banner, success, error: fail, clear } = useBanner();
  const { data, error, isFetching, refetch } = useGetList<ApiKey>(RESOURCE, ALL);

  return (
    <Box sx={{ py: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate('app.apiKeys.intro')}
        </Typography>
        <ColumnChooser spec={API_KEY_COLUMNS} />
        <Button startIcon={<RefreshIcon />} onClick={() => void refetch()}>
          {translate('app.apiKeys.refresh')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate('app.apiKeys.create')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error, 'app.apiKeys.errors.fetch')}
        </Alert>
      )}
      <BannerAlert banner={banner} onClose={clear} />
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
      <ApiKeyTable keys={data ?? (error ? [] : undefined)} onRevoke={setRevoking} />
      {creating && (
        <ApiKeyCreateDialog
          onClose={(created) => {
            setCreating(false);
            if (created) success(translate('app.apiKeys.messages.created'));
          }}
        />
      )}
      {revoking && (
        <ApiKeyRevokeDialog
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setRevoking(null);
            success(translate('app.apiKeys.messages.revoked'));
          }}
          onFailed={(message) => {
            setRevoking(null);
            fail(message);
          }}
        />
      )}
    </Box>
  );
};
