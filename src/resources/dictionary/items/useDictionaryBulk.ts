import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BannerControls } from '@/shared/useBanner';
import { useUndoableBulk } from '@/shared/useUndoableBulk';
import { dictionaryQueryKey, type DictionaryTab } from './dictionaryTypes';

/**
 * Undoable bulk changes on one tab of the Dictionary page (issue 16, bulk work): the rows change
 * at once, the one bulk call goes out when the Undo notification closes, the tab reloads after it, and
 * failures show on the page's banner.
 */
export const useDictionaryBulk = (tab: DictionaryTab, banner: BannerControls) => {
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: dictionaryQueryKey(tab) }), [queryClient, tab]);
  return useUndoableBulk({
    reload,
    onFailed: banner.error,
    failedKey: 'app.bulk.dictionary.failed',
    failedFallbackKey: 'app.bulk.dictionary.failedFallback',
    missingKey: 'app.bulk.dictionary.missing',
  });
};
