import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import { MATCH_TEXT_MAX, type MatchSpeaker, type MatchType } from '@/contract/dictionaryMatch';
import type { MatchingSettings } from '@/contract/matching';
import type { PortalDataProvider } from '@/dataProvider/types';
import { PATHS } from '@/shared/paths';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { formatDay, useDateLocale } from '@/i18n/dateFormat';
import type { DictionaryTab } from './dictionaryTypes';

/** Asked once typing pauses, never for an empty text or one over the contract's limit. */
export const useDictionaryMatch = (
  text: string,
  {
    excludeId,
    speaker,
    tried,
  }: { excludeId?: string; speaker?: MatchSpeaker; tried?: { threshold?: number; landmineThreshold?: number } } = {},
) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const trimmed = text.trim();
  const settled = useDebouncedValue(trimmed);
  const query = useQuery({
    queryKey: ['dictionary', 'match', settled, excludeId ?? null, speaker ?? null, tried ?? null],
    queryFn: () =>
      dataProvider.matchPhrase({ text: settled, ...(excludeId ? { excludeId } : {}), ...(speaker ? { speaker } : {}), ...tried }),
    enabled: settled !== '' && settled.length <= MATCH_TEXT_MAX,
    retry: false,
  });
  return { ...query, settled, typing: settled !== trimmed };
};

/** One cache entry: the Settings card, the embedding progress and "Test a phrase" read it. */
export const MATCHING_QUERY_KEY = ['dictionary', 'matching'] as const;

export const MATCHING_PENDING_REFETCH_MS = 2_000;

/** Rows still pending, or the worker's first calibration of the model yet to land. */
const waitsForServer = (data: MatchingSettings | undefined) =>
  data !== undefined && (data.pending > 0 || (data.source === 'default' && data.texts === 0 && data.ready > 0));

export const useMatchingSettings = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: MATCHING_QUERY_KEY,
    queryFn: () => dataProvider.getMatching(),
    refetchInterval: (query) => (waitsForServer(query.state.data) ? MATCHING_PENDING_REFETCH_MS : false),
  });
};

export const usePercent = () => {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return (score: number) => format.format(score);
  }, [locale]);
};

export const useCalibrationDate = () => {
  const locale = useDateLocale();
  return (calibratedAt: string) => formatDay(calibratedAt, locale);
};

const TAB_OF: Record<MatchType, DictionaryTab> = { objection: 'objections', faq: 'faqs', landmine: 'landmines' };

export const dictionaryItemLink = (type: MatchType, question: string) =>
  `${PATHS.dictionary}?${new URLSearchParams({ tab: TAB_OF[type], search: question }).toString()}`;
