export {
  createLocalEmbeddingProvider,
  hashedBagOfWords,
  cosineSimilarity,
  LOCAL_EMBEDDING_MODEL,
  LOCAL_EMBEDDING_DIMENSIONS,
} from './local';
export { createOpenAiEmbeddingProvider, type OpenAiEmbeddingOptions } from './openai';
export { EmbeddingError, type EmbeddingProvider } from './provider';
export { startEmbeddingWorker, type EmbeddingWorker, type EmbeddingWorkerOptions } from './worker';
import { createLocalEmbeddingProvider } from './local';
import { createOpenAiEmbeddingProvider } from './openai';
import type { EmbeddingProvider } from './provider';

/** OpenAI-compatible when EMBEDDINGS_BASE_URL is set, else the local hashed bag-of-words. */
export const embeddingProviderFromEnv = (env: {
  EMBEDDINGS_BASE_URL?: string;
  EMBEDDINGS_API_KEY?: string;
  EMBEDDINGS_MODEL?: string;
}): EmbeddingProvider =>
  env.EMBEDDINGS_BASE_URL
    ? createOpenAiEmbeddingProvider({
        baseUrl: env.EMBEDDINGS_BASE_URL,
        apiKey: env.EMBEDDINGS_API_KEY,
        model: env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
      })
    : createLocalEmbeddingProvider();
