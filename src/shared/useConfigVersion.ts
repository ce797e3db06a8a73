import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';

export const CONFIG_VERSION_QUERY_KEY = ['configVersion'];

export const useConfigVersion = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: CONFIG_VERSION_QUERY_KEY, queryFn: () => dataProvider.getConfigVersion() });
};
