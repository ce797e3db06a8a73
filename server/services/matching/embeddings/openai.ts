import { createOpenAiCompatiblePost, type OpenAiCompatibleOptions } from '../../openAiCompatible';
import { EmbeddingError, type EmbeddingProvider } from './provider';

/** The client posts to {baseUrl}/embeddings. */
export type OpenAiEmbeddingOptions = OpenAiCompatibleOptions;

/** An OpenAI-compatible `POST /embeddings` client: { model, input: string[] } -> data[].embedding. */
export const createOpenAiEmbeddingProvider = (options: OpenAiEmbeddingOptions): EmbeddingProvider => {
  const post = createOpenAiCompatiblePost(options, '/embeddings');
  return {
    model: options.model,
    embed: async (texts, signal) => {
      if (texts.length === 0) return [];
      let response: Response;
      try {
        response = await post({ model: options.model, input: texts }, signal);
      } catch (error) {
        throw new EmbeddingError(`Embedding request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new EmbeddingError(`Embedding endpoint answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
      const body = (await response.json().catch(() => null)) as { data?: { embedding?: unknown; index?: unknown }[] } | null;
      const data = body?.data;
      if (!Array.isArray(data) || data.length !== texts.length) {
        throw new EmbeddingError('Embedding endpoint returned a malformed body (expected data[] with one entry per input)');
      }
      const ordered = data.every((item) => typeof item.index === 'number')
        ? [...data].sort((a, b) => (a.index as number) - (b.index as number))
        : data;
      return ordered.map((item) => {
        const vector = item.embedding;
        if (
          !Array.isArray(vector) ||
          vector.length === 0 ||
          !vector.every((value) => typeof value === 'number' && Number.isFinite(value))
        ) {
          throw new EmbeddingError('Embedding endpoint returned a malformed embedding');
        }
        return vector as number[];
      });
    },
  };
};
