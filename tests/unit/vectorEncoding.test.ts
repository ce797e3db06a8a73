import { describe, expect, it } from 'vitest';
import { MATCH_MARGIN } from '../../src/contract/matching';
import { loadDictionaryData } from '../../server/seed/seedDictionary';
import { cosineSimilarity, createSentenceEncoderProvider } from '../../server/services/matching/embeddings';
import { loadCustomerPhrases } from '../../server/services/matching/evaluation/evaluate';
import { calibrate, decide, type IndexedText, scoreItems } from '../../server/services/matching/rule';
import { decodeInt8, encodeInt8 } from '../../server/services/matching/vectorEncoding';

describe('the configuration vectors (int8 and a scale)', () => {
  it('decode to the vector within a step of its scale, zeros included', () => {
    const vector = [0.5, -0.25, 0, 0.125, -0.5];
    const encoded = encodeInt8(vector);
    expect(Buffer.from(encoded.int8, 'base64')).toHaveLength(vector.length);
    const errors = decodeInt8(encoded).map((value, at) => Math.abs(value - vector[at]));
    expect(Math.max(...errors)).toBeLessThanOrEqual(encoded.scale / 2);
    expect(decodeInt8(encodeInt8([0, 0, 0]))).toEqual([0, 0, 0]);
  });

  // The assistant scores with what it decodes: on the demo dictionary and phrases written as customers
  // speak, the decoded vectors must fire exactly what the stored ones fire.
  it('fire the same items as the stored vectors with the default model', { timeout: 240_000 }, async () => {
    const { objections, faqs } = loadDictionaryData();
    const texts = [...objections, ...faqs].flatMap((item) =>
      [item.question, ...item.variations].map((text) => ({ itemId: item.question, text })),
    );
    const phrases = loadCustomerPhrases();
    const provider = createSentenceEncoderProvider();
    const vectors = await provider.embed([...texts.map((entry) => entry.text), ...phrases.map((phrase) => phrase.text)]);
    const stored: IndexedText[] = texts.map((entry, at) => ({ ...entry, vector: vectors[at] }));
    const decoded: IndexedText[] = stored.map((entry) => ({ ...entry, vector: decodeInt8(encodeInt8(entry.vector)) }));
    const worst = Math.min(...stored.map((entry, at) => cosineSimilarity(entry.vector, decoded[at].vector)));
    expect(worst).toBeGreaterThan(0.999);

    const [threshold, decodedThreshold] = [calibrate(stored).threshold, calibrate(decoded).threshold];
    if (threshold === null || decodedThreshold === null) throw new Error('the demo dictionary calibrates a threshold');
    expect(Math.abs(decodedThreshold - threshold)).toBeLessThan(0.005);
    const rule = { threshold, margin: MATCH_MARGIN };
    // What fires, or nothing: a phrase below the threshold may rank a near-tie second, and fires nothing either way.
    const fired = (index: IndexedText[]) =>
      phrases.map((_, at) => {
        const { outcome, itemId } = decide(scoreItems(vectors[texts.length + at], index), rule);
        return outcome === 'fires' ? itemId : null;
      });
    const expected = fired(stored);
    expect(expected.filter(Boolean).length).toBeGreaterThan(phrases.length / 4);
    expect(fired(decoded)).toEqual(expected);
  });
});
