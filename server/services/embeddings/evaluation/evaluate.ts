import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MATCH_THRESHOLD } from '../../../../src/contract/dictionaryMatch';
import { cosineSimilarity } from '../local';
import type { EmbeddingProvider } from '../provider';

/** One labelled phrase: the original question it should match, or null when it should match nothing. */
export interface LabelledPhrase {
  text: string;
  expected: string | null;
  source: 'variation' | 'paraphrase' | 'none';
}

/** An original with its variations, as the seed dictionary holds them. */
export interface EvaluatedItem {
  question: string;
  variations: string[];
}

export interface MatchQuality {
  model: string;
  threshold: number;
  /** Phrases with an expected original, and how many ranked it first (top-1), and first above the threshold. */
  expected: number;
  top1: number;
  firedCorrectly: number;
  /** Phrases that should match nothing, and how many of them scored an item at or above the threshold. */
  unrelated: number;
  falseMatches: number;
  /** Phrases with an expected original whose best item above the threshold was another one. */
  wrongFires: number;
}

export const loadLabelledPhrases = (): LabelledPhrase[] =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, 'labelled.json'), 'utf8')) as LabelledPhrase[];

/**
 * The labelled set scored the way POST /api/dictionary/match scores (docs/api.md "Test a
 * phrase"): each original's best cosine over itself and its variations, best original first.
 * A phrase that is itself a stored variation is left out of the index while it is scored
 * (leave-one-out), or every variation would trivially match itself.
 */
export const evaluateMatchQuality = async (
  provider: EmbeddingProvider,
  items: EvaluatedItem[],
  phrases: LabelledPhrase[],
  threshold = MATCH_THRESHOLD,
): Promise<MatchQuality> => {
  const entries = items.flatMap((item) => [item.question, ...item.variations].map((text) => ({ text, original: item.question })));
  const vectors = await provider.embed(entries.map((entry) => entry.text));
  const phraseVectors = await provider.embed(phrases.map((phrase) => phrase.text));
  const quality: MatchQuality = {
    model: provider.model,
    threshold,
    expected: 0,
    top1: 0,
    firedCorrectly: 0,
    unrelated: 0,
    falseMatches: 0,
    wrongFires: 0,
  };
  phrases.forEach((phrase, index) => {
    const best = new Map<string, number>();
    entries.forEach((entry, at) => {
      if (entry.text === phrase.text && entry.original !== entry.text) return;
      const score = cosineSimilarity(phraseVectors[index], vectors[at]);
      best.set(entry.original, Math.max(best.get(entry.original) ?? -1, score));
    });
    const [top, score] = [...best.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (phrase.expected === null) {
      quality.unrelated += 1;
      if (score >= threshold) quality.falseMatches += 1;
      return;
    }
    quality.expected += 1;
    if (top === phrase.expected) quality.top1 += 1;
    if (top === phrase.expected && score >= threshold) quality.firedCorrectly += 1;
    if (top !== phrase.expected && score >= threshold) quality.wrongFires += 1;
  });
  return quality;
};
