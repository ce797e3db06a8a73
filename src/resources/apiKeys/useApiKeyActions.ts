import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiKey, ApiKeyCreate } from '@/contract/apiKeys';
import type { PortalDataProvider } from '@/dataProvider/types';
import { API_KEYS_RESOURCE } from './apiKeyFields';

/**
 * Not useCreate, which would keep the secret in the query cache: it lives only in the create dialog's state. Revoking
 * keeps the row (shown as revoked), so it is no useDelete.
 */
export const useApiKeyActions = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [API_KEYS_RESOURCE] });

  const create = useMutation({
    mutationFn: async (data: ApiKeyCreate) => {
      const { data: created } = await dataProvider.create(API_KEYS_RESOURCE, { data });
      return created as unknown as ApiKey & { key: string };
    },
    onSuccess: () => void refresh(),
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => dataProvider.delete(API_KEYS_RESOURCE, { id: key.id, previousData: key }),
    onSuccess: () => void refresh(),
  });
  return { create, revoke };
};
