import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import { MATCH_TEXT_MAX, type MatchType } from '@/contract/dictionaryMatch';
import type { MatchingSettings } from '@/contract/matching';
import type { PortalDataProvider } from '@/dataProvider/types';
import { PATHS } from '@/shared/paths';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { formatDay, useDateLocale } from '@/i18n/dateFormat';
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

/** The one cache entry of GET /api/dictionary/matching: the Settings card, the embedding progress and "Test a phrase" read it. */
export const MATCHING_QUERY_KEY = ['dictionary', 'matching'] as const;

/** While embeddings are pending, the matching settings are read again this often (their count, then the calibration). */
export const MATCHING_PENDING_REFETCH_MS = 2_000;

/** Rows still pending, or all Ready and the worker's first calibration of the model yet to land. */
const waitsForServer = (data: MatchingSettings | undefined) =>
  data !== undefined && (data.pending > 0 || (data.source === 'default' && data.texts === 0 && data.ready > 0));

/**
 * GET /api/dictionary/matching: the embedding model, its threshold and where it comes from,
 * the calibration sample, and how many rows still wait for their embedding (read again every
 * 2 s while any do, and until the first calibration that follows).
 */
export const useMatchingSettings = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: MATCHING_QUERY_KEY,
    queryFn: () => dataProvider.getMatching(),
    refetchInterval: (query) => (waitsForServer(query.state.data) ? MATCHING_PENDING_REFETCH_MS : false),
  });
};

/** A 0-1 score as the admin's locale writes a whole percentage ("85%", "85 %"). */
export const usePercent = () => {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return (score: number) => format.format(score);
  }, [locale]);
};

/** When a threshold was calibrated, as the admin's locale writes a day ("26 Nov 2026", "26 nov. 2026"). */
export const useCalibrationDate = () => {
  const locale = useDateLocale();
  return (calibratedAt: string) => formatDay(calibratedAt, locale);
};

const TAB_OF: Record<MatchType, DictionaryTab> = { objection: 'objections', faq: 'faqs', landmine: 'landmines' };

/** The Dictionary page on the item's tab, searching for its question (DictionaryPage reads both). */
export const dictionaryItemLink = (type: MatchType, question: string) =>
  `${PATHS.dictionary}?${new URLSearchParams({ tab: TAB_OF[type], search: question }).toString()}`;
