import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';

/** One cache entry for the Settings page and the session detail. */
export const CONFIG_VERSION_QUERY_KEY = ['configVersion'];

/** GET /api/admin/config-version: the version the assistant reads the configuration with. */
export const useConfigVersion = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: CONFIG_VERSION_QUERY_KEY, queryFn: () => dataProvider.getConfigVersion() });
};
