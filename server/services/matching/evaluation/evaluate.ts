import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultThresholdFor, MATCH_MARGIN } from '../../../../src/contract/matching';
import { calibrate, decide, type IndexedText, scoreItems } from '../rule';
import type { EmbeddingProvider } from '../embeddings/provider';

/**
 * One phrase of an evaluation set: the original question it should fire, or null when it should
 * fire nothing. `kind` says how it was written (customerPhrases.json: "customer", "small-talk",
 * "off-topic", "near-miss"; labelled.json: "variation", "paraphrase", "none").
 */
export interface EvaluationPhrase {
  text: string;
  expected: string | null;
  kind: string;
}

/** An original with its variations, as the seed dictionary holds them. */
export interface EvaluatedItem {
  question: string;
  variations: string[];
}

export interface MatchQuality {
  model: string;
  /** The threshold used: calibrated from the dictionary (as the server does) unless one was given. */
  threshold: number;
  margin: number;
  /** Phrases with an expected original, and how many ranked it first (top-1), and fired it. */
  expected: number;
  top1: number;
  firedCorrectly: number;
  /** Phrases with an expected original that fired another item. */
  wrongFires: number;
  /** Phrases that should fire nothing, and how many fired an item. */
  unrelated: number;
  falseMatches: number;
  /** Embedding one phrase and scoring it against the dictionary, as POST /api/dictionary/match does (mean). */
  msPerPhrase: number;
}

const readSet = (file: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, file), 'utf8'));

/**
 * The realistic set: phrases as customers say them, written apart from the dictionary's
 * variations (never derived from them), three per objection and FAQ, and phrases that must fire
 * nothing (small talk, off-topic, near-misses sharing words with an item).
 */
export const loadCustomerPhrases = (): EvaluationPhrase[] => readSet('customerPhrases.json');

/** The earlier labelled set: mostly the dictionary's own texts with a word or two changed (it flatters any matcher). */
export const loadLabelledPhrases = (): EvaluationPhrase[] =>
  (readSet('labelled.json') as { text: string; expected: string | null; source: string }[]).map(({ source, ...phrase }) => ({
    ...phrase,
    kind: source,
  }));

/**
 * A set scored the way POST /api/dictionary/match scores (docs/matching.md): the dictionary is
 * embedded, the threshold calibrated from it (leave-one-out) unless one is given, and each
 * phrase embedded alone and decided by the same rule (best item, threshold, margin). A phrase
 * that is itself a stored text is left out of the index while it is scored.
 */
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
