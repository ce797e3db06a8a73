import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListContextProvider, useListContext, useTranslate } from 'react-admin';
import type { ApiKey } from '@/contract/apiKeys';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { PageBannerAlert, PageBannerProvider } from '@/shared/PageBanner';
import { useErrorText } from '@/shared/useErrorText';
import { ReadFailureAlert, StaleRows } from '@/shared/ReadFailure';
import { useListFailure, usePortalList } from '@/shared/usePortalList';
import { ApiKeyCreateDialog } from './ApiKeyCreateDialog';
import { API_KEYS_RESOURCE, API_KEYS_SORT } from './apiKeyFields';
import { ApiKeyRevokeDialog } from './ApiKeyRevokeDialog';
import { API_KEY_COLUMNS, ApiKeyTable } from './ApiKeyTable';

/** A handful, sent all at once: no pager. */
const ALL_KEYS = 1000;

const ApiKeyScreen = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { data, isFetching, refetch } = useListContext<ApiKey>();
  const { failure, retrying, staleSince } = useListFailure();
  // A list that could not be read shows its failure with Retry, never "no keys yet".
  const unread = failure !== null && !data?.length;
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
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
      {failure !== null && (
        <ReadFailureAlert
          message={errorText(failure, 'app.apiKeys.errors.fetch')}
          retrying={retrying}
          staleSince={staleSince}
          staleId="api-keys-stale"
          onRetry={() => void refetch()}
        />
      )}
      <PageBannerAlert />
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('app.apiKeys.loading')} />}</Box>
      {!unread && (
        <StaleRows staleSince={staleSince} staleId="api-keys-stale">
          <ApiKeyTable onRevoke={setRevoking} />
        </StaleRows>
      )}
      {creating && <ApiKeyCreateDialog onClose={() => setCreating(false)} />}
      {revoking && <ApiKeyRevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Box>
  );
};

export const ApiKeyList = () => {
  const listContext = usePortalList<ApiKey>({
    resource: API_KEYS_RESOURCE,
    perPage: ALL_KEYS,
    sort: API_KEYS_SORT,
  });
  return (
    <ListContextProvider value={listContext}>
      <PageBannerProvider>
        <ApiKeyScreen />
      </PageBannerProvider>
    </ListContextProvider>
  );
};
