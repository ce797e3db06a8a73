import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePageBanner } from '@/shared/PageBanner';
import { useUndoableBulk } from '@/shared/useUndoableBulk';
import type { DictionaryTab } from './dictionaryTypes';

/**
 * Undoable bulk changes on one tab of the Dictionary page (docs/api.md "Bulk work"): the rows
 * change at once, the one bulk call goes out when the Undo notification closes, the tab's list
 * (react-admin's queries of the resource) is read again after it, and failures show on the page's banner.
 */
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
