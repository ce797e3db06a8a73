import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, type Landmine } from '@/resources/dictionary/items/dictionaryTypes';

/** spec 7: GET /landmines returns every landmine at once. */
export const useLandmines = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: dictionaryQueryKey('landmines'),
    queryFn: async () => (await dataProvider.getList<Landmine>('landmines', { filter: {} })).data,
  });
};
