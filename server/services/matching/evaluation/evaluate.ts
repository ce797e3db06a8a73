import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultLandmineThresholdFor, defaultThresholdFor, MATCH_MARGIN, plausibleRangeFor } from '../../../../src/contract/matching';
import { calibrate, calibrateLandmines, decide, decideLandmine, type IndexedText, landmineTexts, scoreItems } from '../rule';
import { cosineSimilarity } from '../embeddings/local';
import type { EmbeddingProvider } from '../embeddings/provider';

/** `expected` null: it should fire nothing; `kind` says how it was written. */
export interface EvaluationPhrase {
  text: string;
  expected: string | null;
  kind: string;
  /** A compliant landmine line: the trigger whose topic it is close to. */
  near?: string;
}

export interface EvaluatedItem {
  question: string;
  variations: string[];
}

export interface MatchQuality {
  model: string;
  /** Calibrated from the dictionary, as the server does, unless one was given. */
  threshold: number;
  margin: number;
  expected: number;
  top1: number;
  firedCorrectly: number;
  wrongFires: number;
  unrelated: number;
  falseMatches: number;
  /** As POST /api/dictionary/match does it (mean). */
  msPerPhrase: number;
}

const readSet = (file: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, file), 'utf8'));

/** Written apart from the dictionary's variations, never derived from them (docs/matching.md "Measured"). */
export const loadCustomerPhrases = (): EvaluationPhrase[] => readSet('customerPhrases.json');

/** Held out: written blind, never used to tune a threshold or the rule (README.md beside them). */
export const loadHeldOutItems = (): EvaluationPhrase[] => readSet('customer-items.json');
export const loadHeldOutLandmineLines = (): EvaluationPhrase[] => readSet('landmine-lines.json');
/** Ours, written apart from the held-out lines (never read), to tune the landmines' phrasings and rule on. */
export const loadLandmineTuningLines = (): EvaluationPhrase[] => readSet('landmine-tuning.json');

/** It flatters any matcher: kept for comparison. */
export const loadLabelledPhrases = (): EvaluationPhrase[] =>
  (readSet('labelled.json') as { text: string; expected: string | null; source: string }[]).map(({ source, ...phrase }) => ({
    ...phrase,
    kind: source,
  }));

/** As POST /api/dictionary/match scores (docs/matching.md); a phrase that is itself a stored text is left out of the index. */
export const evaluateMatchQuality = async (
  provider: EmbeddingProvider,
  items: EvaluatedItem[],
  phrases: EvaluationPhrase[],
  options: { threshold?: number; margin?: number } = {},
): Promise<MatchQuality> => {
  const texts = items.flatMap((item) => [item.question, ...item.variations].map((text) => ({ itemId: item.question, text })));
  const vectors = await provider.embed(texts.map((entry) => entry.text));
  const index: IndexedText[] = texts.map((entry, at) => ({ ...entry, vector: vectors[at] }));
  const threshold = options.threshold ?? calibrate(index).threshold ?? defaultThresholdFor(provider.model);
  const rule = { threshold, margin: options.margin ?? MATCH_MARGIN };
  const quality: MatchQuality = {
    model: provider.model,
    threshold,
    margin: rule.margin,
    expected: 0,
    top1: 0,
    firedCorrectly: 0,
    wrongFires: 0,
    unrelated: 0,
    falseMatches: 0,
    msPerPhrase: 0,
  };
  let elapsed = 0;
  for (const phrase of phrases) {
    const started = performance.now();
    const [vector] = await provider.embed([phrase.text]);
    const ranked = scoreItems(vector, index, (entry) => entry.text === phrase.text);
    const verdict = decide(ranked, rule);
    elapsed += performance.now() - started;
    const fired = verdict.outcome === 'fires' ? verdict.itemId : null;
    if (phrase.expected === null) {
      quality.unrelated += 1;
      if (fired) quality.falseMatches += 1;
      continue;
    }
    quality.expected += 1;
    if (ranked[0]?.itemId === phrase.expected) quality.top1 += 1;
    if (fired === phrase.expected) quality.firedCorrectly += 1;
    else if (fired) quality.wrongFires += 1;
  }
  quality.msPerPhrase = phrases.length === 0 ? 0 : elapsed / phrases.length;
  return quality;
};

export interface EvaluatedLandmine {
  trigger: string;
  triggerVariations: string[];
  canSay: { point: string }[];
  cannotSay: { point: string }[];
}

export interface LandmineQuality {
  model: string;
  threshold: number;
  crossing: number;
  top1: number;
  firedCorrectly: number;
  compliant: number;
  compliantFires: number;
}

/** Lines a salesperson says: the landmines' texts (trigger, variations, cannot-say points) against can-say points. */
export const evaluateLandmineQuality = async (
  provider: EmbeddingProvider,
  mines: EvaluatedLandmine[],
  lines: EvaluationPhrase[],
  options: { threshold?: number } = {},
): Promise<LandmineQuality> => {
  const texts = mines.flatMap((mine) => landmineTexts(mine).map((text) => ({ itemId: mine.trigger, text })));
  const vectors = await provider.embed(texts.map((entry) => entry.text));
  const index: IndexedText[] = texts.map((entry, at) => ({ ...entry, vector: vectors[at] }));
  const compliant = await provider.embed(mines.flatMap((mine) => mine.canSay.map((entry) => entry.point)));
  const threshold =
    options.threshold ??
    calibrateLandmines(index, plausibleRangeFor(provider.model).min).threshold ??
    defaultLandmineThresholdFor(provider.model);
  const quality: LandmineQuality = {
    model: provider.model,
    threshold,
    crossing: 0,
    top1: 0,
    firedCorrectly: 0,
    compliant: 0,
    compliantFires: 0,
  };
  const lineVectors = await provider.embed(lines.map((line) => line.text));
  lines.forEach((line, at) => {
    const ranked = scoreItems(lineVectors[at], index);
    const compliantBest = Math.max(-1, ...compliant.map((vector) => cosineSimilarity(lineVectors[at], vector)));
    const fired = decideLandmine(ranked, compliantBest, threshold);
    if (line.expected === null) {
      quality.compliant += 1;
      if (fired) quality.compliantFires += 1;
      return;
    }
    quality.crossing += 1;
    if (ranked[0]?.itemId === line.expected) quality.top1 += 1;
    if (fired === line.expected) quality.firedCorrectly += 1;
  });
  return quality;
};
