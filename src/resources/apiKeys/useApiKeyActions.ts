import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ApiKey, ApiKeyCreate } from '@/contract/apiKeys';
import { errorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';

export const RESOURCE = 'service-keys';

/** The server's worded message when it sent one, else the action's own text (spec 8). */
export const useErrorText = () => {
  const translate = useTranslate();
  return (error: unknown, fallbackKey: string) => {
    const message = errorText(error, fallbackKey);
    return translate(message, { _: message });
  };
};

/**
 * Create and revoke. They call the dataProvider directly rather than react-admin's useCreate,
 * which would keep the created record, secret included, in the query cache: the secret lives
 * only in the create dialog's state until it closes.
 */
export const useApiKeyActions = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [RESOURCE] });

  const create = useMutation({
    mutationFn: async (data: ApiKeyCreate) => {
      const { data: created } = await dataProvider.create(RESOURCE, { data });
      return created as unknown as ApiKey & { key: string };
    },
    onSuccess: () => void refresh(),
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => dataProvider.delete(RESOURCE, { id: key.id, previousData: key }),
    onSuccess: () => void refresh(),
  });
  return { create, revoke };
};
