import { describe, expect, it, vi } from 'vitest';
import {
  cosineSimilarity,
  createSentenceEncoderProvider,
  embeddingProviderFromEnv,
  LOCAL_EMBEDDING_MODEL,
  SENTENCE_ENCODER_DIMENSIONS,
  SENTENCE_ENCODER_MODEL,
} from '../../server/services/matching/embeddings';

/**
 * The default provider, on its real weights from node_modules (no network). Loading them takes
 * about 3 s here: the bounds hold on a machine 4x slower, and cost nothing where it is faster.
 */
describe('sentence encoder provider', { timeout: 60_000 }, () => {
  const provider = createSentenceEncoderProvider();

  it('is the default offline provider; EMBEDDINGS_PROVIDER=hashed and EMBEDDINGS_BASE_URL choose the others', () => {
    expect(embeddingProviderFromEnv({}).model).toBe(SENTENCE_ENCODER_MODEL);
    expect(embeddingProviderFromEnv({ EMBEDDINGS_PROVIDER: 'hashed' }).model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(embeddingProviderFromEnv({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1', EMBEDDINGS_MODEL: 'm' }).model).toBe('m');
  });

  it('embeds into unit vectors of its dimensions, the same text the same way alone or in a batch', async () => {
    await provider.warm();
    const texts = Array.from({ length: 11 }, (_, index) => `We would need to run this by procurement, item ${index}`);
    const batch = await provider.embed(texts);
    expect(batch).toHaveLength(11);
    for (const vector of batch) {
      expect(vector).toHaveLength(SENTENCE_ENCODER_DIMENSIONS);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 3);
    }
    const [alone] = await provider.embed([texts[9]]);
    expect(cosineSimilarity(alone, batch[9])).toBeGreaterThan(0.999);
  });

  it('puts phrases that mean the same close even with no word in common, and unrelated ones apart', async () => {
    const [price, steep, weather, sso, okta] = await provider.embed([
      'Your price is too high.',
      "Ouch, that's way more than we were hoping to spend",
      'Lovely weather we are having this week',
      'Do you support single sign-on?',
      'can our people log in with their Okta accounts',
    ]);
    expect(cosineSimilarity(price, steep)).toBeGreaterThan(cosineSimilarity(price, weather) + 0.1);
    expect(cosineSimilarity(steep, price)).toBeGreaterThan(cosineSimilarity(steep, weather));
    expect(cosineSimilarity(okta, sso)).toBeGreaterThan(cosineSimilarity(okta, price));
  });

  it('refuses to go on once cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(provider.embed(['one', 'two'], abort.signal)).rejects.toThrow('cancelled');
  });

  it('encodes in a thread of its own, which stops once idle and starts again when asked', async () => {
    const briefly = createSentenceEncoderProvider({ idleMs: 100 });
    expect(briefly.running).toBe(false);
    const texts = ['Your price is too high.', 'Do you support single sign-on?'];
    const first = await briefly.embed(texts);
    expect(briefly.running).toBe(true);
    await vi.waitFor(() => expect(briefly.running).toBe(false), { timeout: 20_000, interval: 50 });
    const again = await briefly.embed(texts);
    expect(briefly.running).toBe(true);
    for (const [index, vector] of again.entries()) expect(cosineSimilarity(vector, first[index])).toBeGreaterThan(0.999);
    // And what another provider (the server's) computes in its own thread is the same.
    const [shared] = await provider.embed([texts[0]]);
    expect(cosineSimilarity(shared, first[0])).toBeGreaterThan(0.999);
  });

  it('answers a long request batch by batch, in order', async () => {
    const briefly = createSentenceEncoderProvider({ idleMs: 100 });
    const many = Array.from({ length: 40 }, (_, index) => `Could you send the security questionnaire, part ${index}?`);
    const vectors = await briefly.embed(many);
    expect(vectors).toHaveLength(40);
    expect(new Set(vectors.map((vector) => vector.slice(0, 4).join()))).toHaveProperty('size', 40);
  });
});
