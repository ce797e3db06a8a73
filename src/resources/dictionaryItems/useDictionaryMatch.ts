import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import { MATCH_TEXT_MAX, type MatchType } from '@/contract/dictionaryMatch';
import type { PortalDataProvider } from '@/dataProvider/types';
import { PATHS } from '@/shared/paths';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import type { DictionaryTab } from './dictionaryTypes';

/**
 * POST /api/dictionary/match for a text being typed: asked once typing pauses
 * (the portal's debounce), never for an empty text or one over the contract's limit.
 * `excludeId` leaves out the item being edited and its variations.
 */
export const useDictionaryMatch = (text: string, { excludeId }: { excludeId?: string } = {}) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const trimmed = text.trim();
  const settled = useDebouncedValue(trimmed);
  const query = useQuery({
    queryKey: ['dictionary', 'match', settled, excludeId ?? null],
    queryFn: () => dataProvider.matchPhrase(excludeId ? { text: settled, excludeId } : { text: settled }),
    enabled: settled !== '' && settled.length <= MATCH_TEXT_MAX,
    retry: false,
  });
  return { ...query, settled, typing: settled !== trimmed };
};

/** A 0-1 score as the admin's locale writes a whole percentage ("85%", "85 %"). */
export const usePercent = () => {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return (score: number) => format.format(score);
  }, [locale]);
};

const TAB_OF: Record<MatchType, DictionaryTab> = { objection: 'objections', faq: 'faqs', landmine: 'landmines' };

/** The Dictionary page on the item's tab, searching for its question (DictionaryPage reads both). */
export const dictionaryItemLink = (type: MatchType, question: string) =>
  `${PATHS.dictionary}?${new URLSearchParams({ tab: TAB_OF[type], search: question }).toString()}`;
