import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePageBanner } from '@/shared/PageBanner';
import { useUndoableBulk } from '@/shared/useUndoableBulk';
import type { DictionaryTab } from './dictionaryTypes';

/** docs/api.md "Bulk work" */
export const useDictionaryBulk = (tab: DictionaryTab) => {
  const queryClient = useQueryClient();
  const banner = usePageBanner();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: [tab] }), [queryClient, tab]);
  return useUndoableBulk({
    reload,
    onFailed: banner.error,
    failedKey: 'app.bulk.dictionary.failed',
    failedFallbackKey: 'app.bulk.dictionary.failedFallback',
    missingKey: 'app.bulk.dictionary.missing',
  });
};
