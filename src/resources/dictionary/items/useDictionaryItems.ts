import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { DICTIONARY_PAGE_SIZE } from '@/config';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, hasPendingEmbedding, type DictionaryItem } from './dictionaryTypes';

/** While any row or variation is Pending, the list refetches itself this often until all are Ready. */
export const PENDING_REFETCH_MS = 2_000;

/**
 * One page of originals with their variations. The search text is sent too, so a server
 * that supports it searches every page; the screen still filters the loaded page (spec 5).
 */
export const useDictionaryItems = (resource: DictionaryResource, page: number, search: string) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: [...dictionaryQueryKey(resource), { page, search }],
    queryFn: async () => {
      const { data, total } = await dataProvider.getList<DictionaryItem>(resource, {
        pagination: { page, perPage: DICTIONARY_PAGE_SIZE },
        sort: { field: 'id', order: 'ASC' },
        filter: search.trim() ? { search: search.trim() } : {},
      });
      return { items: data, total: total ?? data.length };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(hasPendingEmbedding) ? PENDING_REFETCH_MS : false),
  });
};
