export {
  createLocalEmbeddingProvider,
  hashedBagOfWords,
  cosineSimilarity,
  LOCAL_EMBEDDING_MODEL,
  LOCAL_EMBEDDING_DIMENSIONS,
} from './local';
export { createOpenAiEmbeddingProvider, type OpenAiEmbeddingOptions } from './openai';
export {
  createSentenceEncoderProvider,
  ENCODER_IDLE_MS,
  SENTENCE_ENCODER_DIMENSIONS,
  SENTENCE_ENCODER_MODEL,
  type SentenceEncoderProvider,
} from './sentenceEncoder';
export { EmbeddingError, type EmbeddingProvider } from './provider';
export { startEmbeddingWorker, type EmbeddingWorker, type EmbeddingWorkerOptions } from './worker';
import { createLocalEmbeddingProvider } from './local';
import { createOpenAiEmbeddingProvider } from './openai';
import type { EmbeddingProvider } from './provider';
import { createSentenceEncoderProvider } from './sentenceEncoder';

/**
 * OpenAI-compatible when EMBEDDINGS_BASE_URL is set; else the offline sentence encoder, or the
 * hashed bag-of-words with EMBEDDINGS_PROVIDER=hashed.
 */
export const embeddingProviderFromEnv = (env: {
  EMBEDDINGS_PROVIDER?: 'sentence-encoder' | 'hashed';
  EMBEDDINGS_BASE_URL?: string;
  EMBEDDINGS_API_KEY?: string;
  EMBEDDINGS_MODEL?: string;
}): EmbeddingProvider & { warm?: () => Promise<void> } => {
  if (env.EMBEDDINGS_BASE_URL)
    return createOpenAiEmbeddingProvider({
      baseUrl: env.EMBEDDINGS_BASE_URL,
      apiKey: env.EMBEDDINGS_API_KEY,
      model: env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
    });
  return env.EMBEDDINGS_PROVIDER === 'hashed' ? createLocalEmbeddingProvider() : createSentenceEncoderProvider();
};
