import { EmbeddingError, type EmbeddingProvider } from './provider';

export interface OpenAiEmbeddingOptions {
  /** e.g. https://api.openai.com/v1 (the client posts to {baseUrl}/embeddings) */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** An OpenAI-compatible `POST /embeddings` client: { model, input: string[] } -> data[].embedding. */
export const createOpenAiEmbeddingProvider = (options: OpenAiEmbeddingOptions): EmbeddingProvider => {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const doFetch = options.fetch ?? fetch;
  return {
    model: options.model,
    embed: async (texts, signal) => {
      if (texts.length === 0) return [];
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, input: texts }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
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
        if (!Array.isArray(vector) || vector.length === 0 || !vector.every((value) => typeof value === 'number' && Number.isFinite(value))) {
          throw new EmbeddingError('Embedding endpoint returned a malformed embedding');
        }
        return vector as number[];
      });
    },
  };
};
