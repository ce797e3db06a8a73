import type { EmbeddingProvider } from './provider';

/** The hashing trick over words and bigrams (FNV-1a, 256 buckets, a sign bit): offline, words only, no synonyms. */
export const LOCAL_EMBEDDING_DIMENSIONS = 256;
export const LOCAL_EMBEDDING_MODEL = `local-hashed-bow-${LOCAL_EMBEDDING_DIMENSIONS}`;

export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
};

export const tokenize = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];

export const hashedBagOfWords = (text: string, dimensions = LOCAL_EMBEDDING_DIMENSIONS): number[] => {
  const vector = new Array<number>(dimensions).fill(0);
  const tokens = tokenize(text);
  const features = [...tokens, ...tokens.slice(1).map((token, index) => `${tokens[index]} ${token}`)];
  for (const feature of features) {
    const hash = fnv1a(feature);
    const sign = (hash >>> 31) & 1 ? -1 : 1;
    vector[hash % dimensions] += sign;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
};

export const cosineSimilarity = (a: number[], b: number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
};

export const createLocalEmbeddingProvider = (): EmbeddingProvider => ({
  model: LOCAL_EMBEDDING_MODEL,
  embed: async (texts) => texts.map((text) => hashedBagOfWords(text)),
});
