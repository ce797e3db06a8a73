import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiKey, ApiKeyCreate } from '@/contract/apiKeys';
import type { PortalDataProvider } from '@/dataProvider/types';
import { API_KEYS_RESOURCE } from './apiKeyFields';

/**
 * Create and revoke. They call the dataProvider directly rather than react-admin's useCreate,
 * which would keep the created record, secret included, in the query cache: the secret lives
 * only in the create dialog's state until it closes. Revoking keeps the row (it shows as
 * revoked), so it is no useDelete, which takes the row out of the list. Both read the list
 * again through react-admin's queries of the resource.
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
