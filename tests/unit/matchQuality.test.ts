import { describe, expect, it } from 'vitest';
import { loadDictionaryData } from '../../server/seed/seedDictionary';
import { createLocalEmbeddingProvider, type EmbeddingProvider } from '../../server/services/embeddings';
import { evaluateMatchQuality, loadLabelledPhrases } from '../../server/services/embeddings/evaluation/evaluate';
import { MATCH_THRESHOLD } from '../../src/contract/dictionaryMatch';

const { objections, faqs } = loadDictionaryData();
const items = [...objections, ...faqs];
const phrases = loadLabelledPhrases();

/** One dimension per original: every text of an original (and each labelled paraphrase of it) is that original's axis. */
const oracle = (): EmbeddingProvider => {
  const axis = new Map<string, number>(items.map((item, index) => [item.question, index]));
  for (const item of items) for (const variation of item.variations) axis.set(variation, axis.get(item.question)!);
  for (const phrase of phrases) if (phrase.expected) axis.set(phrase.text, axis.get(phrase.expected)!);
  return {
    model: 'oracle',
    embed: async (texts) =>
      texts.map((text) => {
        const vector = new Array<number>(items.length + 1).fill(0);
        vector[axis.get(text) ?? items.length] = 1;
        return vector;
      }),
  };
};

describe('match quality (npm run match-quality)', () => {
  it('labels about a hundred phrases, each expected original taken from the seed dictionary', () => {
    expect(phrases.length).toBeGreaterThanOrEqual(100);
    const questions = new Set(items.map((item) => item.question));
    for (const phrase of phrases) if (phrase.expected !== null) expect(questions.has(phrase.expected), phrase.text).toBe(true);
    expect(phrases.filter((phrase) => phrase.expected === null).length).toBeGreaterThanOrEqual(20);
  });

  it('scores a perfect provider at 100 % with no false match', async () => {
    const quality = await evaluateMatchQuality(oracle(), items, phrases);
    expect(quality).toMatchObject({ threshold: MATCH_THRESHOLD, falseMatches: 0, wrongFires: 0 });
    expect(quality.top1).toBe(quality.expected);
    expect(quality.firedCorrectly).toBe(quality.expected);
  });

  it('counts the local provider below that, and a threshold below every score turns every unrelated phrase into a false match', async () => {
    const local = await evaluateMatchQuality(createLocalEmbeddingProvider(), items, phrases);
    expect(local.top1).toBeLessThan(local.expected);
    expect(local.top1).toBeGreaterThan(0);
    const loose = await evaluateMatchQuality(createLocalEmbeddingProvider(), items, phrases, -1);
    expect(loose.falseMatches).toBe(loose.unrelated);
  });
});
