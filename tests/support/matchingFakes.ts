import {
  type DictionaryMatch,
  type PhraseTestResult,
  MATCH_THRESHOLD,
  type MatchVerdict,
  NEAR_DUPLICATE_THRESHOLD,
} from '@/contract/dictionaryMatch';
import { MATCH_MARGIN, type MatchingSettings } from '@/contract/matching';

/**
 * GET /api/dictionary/matching as a calibrated dictionary answers it, nothing pending. The
 * sample's ten texts: each `own` (its own item's best score when left out) beside `other` (any
 * other item's best), so whatIf gives round shares: at 70 %, 50 % fire their own item and 10 %
 * another; at 60 %, 70 % and 20 %; at 80 %, 40 % and 0 %.
 */
export const buildMatchingSettings = (overrides: Partial<MatchingSettings> = {}): MatchingSettings => ({
  model: 'use-lite-512',
  threshold: 0.7,
  margin: MATCH_MARGIN,
  source: 'calibrated',
  calibratedAt: '2026-11-26T10:00:00.000Z',
  calibratedThreshold: 0.7,
  texts: 10,
  items: 4,
  sample: {
    own: [0.95, 0.9, 0.85, 0.8, 0.75, 0.65, 0.6, 0.5, 0.4, 0.45],
    other: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.72, 0.66, 0.55],
  },
  landmineThreshold: 0.5,
  landmineSource: 'calibrated',
  landmineCalibratedThreshold: 0.5,
  landmineCalibratedAt: '2026-11-26T10:00:00.000Z',
  landmineTexts: 10,
  // at 50 %, 80 % of the landmines' texts fire their own; at 40 %, 90 %; at 70 %, 40 %
  landmineSample: [0.9, 0.85, 0.8, 0.75, 0.6, 0.55, 0.5, 0.5, 0.45, null],
  labelsUsed: { labels: 0, calls: 0 },
  labelSample: null,
  landmineLabelsUsed: { labels: 0, calls: 0 },
  landmineLabelSample: null,
  labelsNow: { customer: { labels: 0, calls: 0 }, salesperson: { labels: 0, calls: 0 } },
  pending: 0,
  ready: 120,
  version: 1,
  ...overrides,
});

/**
 * POST /api/dictionary/match's answer around `matches`: the demo threshold, calibrated, and the
 * verdict of the best objection or FAQ as the server decides it (fires when it reaches the
 * threshold and leads the runner-up by the margin), unless the test gives its own.
 */
export const buildMatchResult = (matches: DictionaryMatch[], overrides: Partial<PhraseTestResult> = {}): PhraseTestResult => {
  const threshold = overrides.threshold ?? MATCH_THRESHOLD;
  const [top, runnerUp] = matches.filter((match) => match.type !== 'landmine');
  const lead = top ? top.score - (runnerUp?.score ?? 0) : null;
  const verdict: MatchVerdict = !top
    ? { outcome: 'nothingToCompare', itemId: null, runnerUpId: null, shortBy: null, lead: null }
    : {
        outcome: top.score < threshold ? 'belowThreshold' : (lead ?? 0) < MATCH_MARGIN ? 'tooClose' : 'fires',
        itemId: top.id,
        runnerUpId: runnerUp?.id ?? null,
        shortBy: top.score < threshold ? threshold - top.score : null,
        lead,
      };
  return {
    matches,
    threshold,
    landmineThreshold: threshold,
    landmineThresholdSource: 'calibrated',
    margin: MATCH_MARGIN,
    thresholdSource: 'calibrated',
    calibratedAt: '2026-11-26T10:00:00.000Z',
    verdict,
    nearDuplicateThreshold: NEAR_DUPLICATE_THRESHOLD,
    model: 'use-lite-512',
    battlecards: [],
    ...overrides,
  };
};
