import type { MatchVerdict } from '../../../src/contract/dictionaryMatch';
import { type CalibrationSample, THRESHOLD_MAX, THRESHOLD_MIN } from '../../../src/contract/matching';
import { cosineSimilarity } from './embeddings/local';

/* docs/matching.md "The rule": one implementation for "Test a phrase", the calibration and `npm run match-quality`. */
export interface IndexedText {
  itemId: string;
  text: string;
  vector: number[];
}

export interface ItemScore {
  itemId: string;
  score: number;
  text: string;
}

/** Ties: the item seen first. */
export const scoreItems = (
  vector: number[],
  index: readonly IndexedText[],
  skip?: (entry: IndexedText, at: number) => boolean,
): ItemScore[] => {
  const best = new Map<string, ItemScore>();
  index.forEach((entry, at) => {
    if (skip?.(entry, at)) return;
    const score = cosineSimilarity(vector, entry.vector);
    const top = best.get(entry.itemId);
    if (!top || score > top.score) best.set(entry.itemId, { itemId: entry.itemId, score, text: entry.text });
  });
  return [...best.values()].sort((a, b) => b.score - a.score);
};

export interface Rule {
  threshold: number;
  margin: number;
}

export const decide = (ranked: readonly ItemScore[], { threshold, margin }: Rule): MatchVerdict => {
  const [top, runnerUp] = ranked;
  if (!top) return { outcome: 'nothingToCompare', itemId: null, runnerUpId: null, shortBy: null, lead: null };
  const lead = runnerUp ? top.score - runnerUp.score : top.score;
  const base = { itemId: top.itemId, runnerUpId: runnerUp?.itemId ?? null, lead: round(lead) };
  if (top.score < threshold) return { ...base, outcome: 'belowThreshold', shortBy: round(threshold - top.score) };
  if (lead < margin) return { ...base, outcome: 'tooClose', shortBy: null };
  return { ...base, outcome: 'fires', shortBy: null };
};

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The threshold is this quantile of what texts score against items they do not belong to. */
export const CALIBRATION_QUANTILE = 0.85;
/** Below this the sample says too little: the model's default threshold applies. */
export const CALIBRATION_MIN_ITEMS = 3;
export const CALIBRATION_MIN_TEXTS = 20;
/** A larger dictionary is sampled evenly (the cost is texts x index). */
export const CALIBRATION_MAX_PROBES = 1_500;

export interface Calibration {
  threshold: number | null;
  sample: CalibrationSample;
  texts: number;
  items: number;
}

/** A model whose scores run higher gets a higher threshold, from the dictionary it will actually be compared with. */
export const calibrate = (index: readonly IndexedText[]): Calibration => {
  const items = new Set(index.map((entry) => entry.itemId)).size;
  const step = Math.max(1, index.length / CALIBRATION_MAX_PROBES);
  const own: (number | null)[] = [];
  const other: number[] = [];
  for (let position = 0; position < index.length; position += step) {
    const at = Math.floor(position);
    const probe = index[at];
    let mine: number | null = null;
    let theirs = -1;
    index.forEach((entry, j) => {
      if (j === at) return;
      const score = cosineSimilarity(probe.vector, entry.vector);
      if (entry.itemId === probe.itemId) mine = Math.max(mine ?? -1, score);
      else theirs = Math.max(theirs, score);
    });
    if (theirs < 0 && items > 1) continue;
    own.push(mine === null ? null : round(mine));
    other.push(round(Math.max(0, theirs)));
  }
  const enough = items >= CALIBRATION_MIN_ITEMS && index.length >= CALIBRATION_MIN_TEXTS;
  const sorted = [...other].sort((a, b) => a - b);
  const threshold = enough
    ? Math.min(
        THRESHOLD_MAX,
        Math.max(THRESHOLD_MIN, sorted[Math.min(sorted.length - 1, Math.floor(CALIBRATION_QUANTILE * sorted.length))]),
      )
    : null;
  return { threshold, sample: { own, other }, texts: index.length, items };
};

/** docs/matching.md "Landmines": what must not be said, in every wording the dictionary holds. */
export const landmineTexts = (mine: { trigger: string; triggerVariations: string[]; cannotSay: { point: string }[] }): string[] => [
  ...new Set([mine.trigger, ...mine.triggerVariations, ...mine.cannotSay.map((entry) => entry.point)].filter((text) => text.trim() !== '')),
];

/** How far the best landmine must lead the closest compliant text (a can-say point) to fire. */
export const LANDMINE_COMPLIANT_MARGIN = 0.02;

/**
 * The best landmine fires from its own threshold, with no margin over other landmines (a miss
 * costs more than a false warning), unless a compliant text (a can-say point) comes within
 * LANDMINE_COMPLIANT_MARGIN of it.
 */
export const decideLandmine = (ranked: readonly ItemScore[], compliantBest: number, threshold: number): string | null =>
  ranked[0] && ranked[0].score >= threshold && ranked[0].score >= compliantBest + LANDMINE_COMPLIANT_MARGIN ? ranked[0].itemId : null;

/**
 * Share of a landmine's own texts (left out one at a time) that must still fire it: chosen on
 * landmine-tuning.json (docs/matching.md "Measured"), where real lines score below the dictionary's own texts.
 */
export const LANDMINE_RECALL = 0.98;

export interface LandmineCalibration {
  threshold: number | null;
  /** Each text's best score for its own landmine, left out; null when another landmine ranks first. */
  sample: (number | null)[];
  texts: number;
}

/**
 * For recall: the highest threshold at which LANDMINE_RECALL of the landmines' own texts, each left
 * out, still fire their landmine when it ranks first (no threshold helps one ranked second). Never
 * below `floor`, the model's plausible minimum: under it a phrase of unrelated words would fire.
 */
export const calibrateLandmines = (index: readonly IndexedText[], floor = THRESHOLD_MIN): LandmineCalibration => {
  const sample = index.map((probe, at) => {
    const ranked = scoreItems(probe.vector, index, (_, j) => j === at);
    return ranked[0]?.itemId === probe.itemId ? round(ranked[0].score) : null;
  });
  const own = sample.filter((score): score is number => score !== null).sort((a, b) => a - b);
  const enough = own.length >= CALIBRATION_MIN_TEXTS && new Set(index.map((entry) => entry.itemId)).size >= CALIBRATION_MIN_ITEMS;
  const threshold = enough
    ? round(Math.min(THRESHOLD_MAX, Math.max(floor, THRESHOLD_MIN, own[Math.floor((1 - LANDMINE_RECALL) * own.length)])))
    : null;
  return { threshold, sample, texts: index.length };
};
