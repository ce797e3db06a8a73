import { describe, expect, it } from 'vitest';
import { loadDictionaryData } from '../../server/seed/seedDictionary';
import { createLocalEmbeddingProvider, type EmbeddingProvider } from '../../server/services/matching/embeddings';
import {
  evaluateLandmineQuality,
  evaluateMatchQuality,
  loadCustomerPhrases,
  loadHeldOutItems,
  loadHeldOutLandmineLines,
  loadLabelledPhrases,
  loadLandmineTuningLines,
} from '../../server/services/matching/evaluation/evaluate';
import { landmineTexts } from '../../server/services/matching/rule';

const { objections, faqs } = loadDictionaryData();
const items = [...objections, ...faqs];
const phrases = loadCustomerPhrases();

/** One dimension per original: every text of an original (and each phrase expected to fire it) is that original's axis. */
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
  it('holds at least 150 customer phrases covering every objection and FAQ, and 50 that must fire nothing', () => {
    const questions = new Set(items.map((item) => item.question));
    const expected = phrases.filter((phrase) => phrase.expected !== null);
    expect(expected.length).toBeGreaterThanOrEqual(150);
    for (const phrase of expected) expect(questions.has(phrase.expected!), phrase.text).toBe(true);
    expect(new Set(expected.map((phrase) => phrase.expected))).toEqual(questions);
    expect(phrases.filter((phrase) => phrase.expected === null).length).toBeGreaterThanOrEqual(50);
    expect(new Set(phrases.map((phrase) => phrase.kind.toString()))).toEqual(new Set(['customer', 'small-talk', 'off-topic', 'near-miss']));
  });

  it('is not derived from the dictionary: no phrase is a question or a variation', () => {
    const stored = new Set(items.flatMap((item) => [item.question, ...item.variations]).map((text) => text.toLowerCase()));
    for (const phrase of phrases) expect(stored.has(phrase.text.toLowerCase()), phrase.text).toBe(false);
  });

  it('every seeded objection and FAQ has at least three variations', () => {
    for (const item of items) expect(item.variations.length, item.question).toBeGreaterThanOrEqual(3);
  });

  it('scores a perfect provider at 100 % with no false or wrong fire', async () => {
    const quality = await evaluateMatchQuality(oracle(), items, phrases);
    expect(quality).toMatchObject({ falseMatches: 0, wrongFires: 0 });
    expect(quality.top1).toBe(quality.expected);
    expect(quality.firedCorrectly).toBe(quality.expected);
  });

  it('counts the hashed provider below that, and with a threshold under every score and no margin every phrase fires', async () => {
    const local = await evaluateMatchQuality(createLocalEmbeddingProvider(), items, phrases);
    expect(local.top1).toBeLessThan(local.expected);
    expect(local.top1).toBeGreaterThan(0);
    expect(local.threshold).toBeGreaterThan(0.3);
    const loose = await evaluateMatchQuality(createLocalEmbeddingProvider(), items, phrases, { threshold: -1, margin: 0 });
    expect(loose.falseMatches).toBe(loose.unrelated);
    expect(loose.firedCorrectly + loose.wrongFires).toBe(loose.expected);
  });

  it('reads the earlier labelled set too', () => {
    const labelled = loadLabelledPhrases();
    expect(labelled.length).toBeGreaterThanOrEqual(100);
    expect(labelled.every((phrase) => typeof phrase.kind === 'string')).toBe(true);
  });
});

describe('landmines and the held-out sets', () => {
  const { landmines } = loadDictionaryData();
  const lines = loadHeldOutLandmineLines();

  it('every seeded landmine has at least 8 trigger phrasings, and cannot-say points count as its texts', () => {
    for (const mine of landmines) {
      expect(mine.triggerVariations.length, mine.trigger).toBeGreaterThanOrEqual(8);
      for (const entry of mine.cannotSay) expect(landmineTexts(mine)).toContain(entry.point);
    }
  });

  it('the held-out sets name only seeded items and repeat none of the dictionary', () => {
    const triggers = new Set(landmines.map((mine) => mine.trigger));
    const questions = new Set(items.map((item) => item.question));
    const stored = new Set(
      [...items.flatMap((item) => [item.question, ...item.variations]), ...landmines.flatMap(landmineTexts)].map((text) =>
        text.toLowerCase(),
      ),
    );
    for (const line of lines) {
      if (line.expected) expect(triggers.has(line.expected), line.text).toBe(true);
      expect(stored.has(line.text.toLowerCase()), line.text).toBe(false);
    }
    for (const phrase of loadHeldOutItems()) {
      if (phrase.expected) expect(questions.has(phrase.expected), phrase.text).toBe(true);
      expect(stored.has(phrase.text.toLowerCase()), phrase.text).toBe(false);
    }
  });

  it('the tuning set covers every active landmine, crossing and compliant, and repeats none of the dictionary nor the held-out lines', () => {
    const tuning = loadLandmineTuningLines();
    const stored = new Set(
      landmines.flatMap((mine) => [...landmineTexts(mine), ...mine.canSay.map((entry) => entry.point)]).map((text) => text.toLowerCase()),
    );
    const heldOut = new Set(lines.map((line) => line.text.toLowerCase()));
    for (const mine of landmines.filter((one) => one.isActive)) {
      expect(tuning.filter((line) => line.expected === mine.trigger).length, mine.trigger).toBeGreaterThanOrEqual(4);
      expect(tuning.filter((line) => line.expected === null && line.near === mine.trigger).length, mine.trigger).toBeGreaterThanOrEqual(3);
    }
    for (const line of tuning) {
      expect(stored.has(line.text.toLowerCase()), line.text).toBe(false);
      expect(heldOut.has(line.text.toLowerCase()), line.text).toBe(false);
    }
  });

  it('calibrates the landmines for recall, and a can-say line closer than any landmine text fires nothing', async () => {
    const provider = createLocalEmbeddingProvider();
    const quality = await evaluateLandmineQuality(provider, landmines, lines);
    expect(quality.threshold).toBeGreaterThanOrEqual(0.3);
    expect(quality.crossing + quality.compliant).toBe(lines.length);
    const mine = landmines[0];
    const [hit, safe] = await evaluateLandmineQuality(provider, landmines, [
      { text: mine.cannotSay[0].point, expected: mine.trigger, kind: 'crossing' },
    ]).then((crossing) =>
      evaluateLandmineQuality(provider, landmines, [{ text: mine.canSay[0].point, expected: null, kind: 'compliant-near' }]).then(
        (compliant) => [crossing, compliant],
      ),
    );
    expect(hit).toMatchObject({ firedCorrectly: 1, top1: 1 });
    expect(safe).toMatchObject({ compliant: 1, compliantFires: 0 });
  });
});
