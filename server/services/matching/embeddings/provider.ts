/** Turns question texts into vectors; implementations: local (no network) and OpenAI-compatible. */
export interface EmbeddingProvider {
  /** Stored with each vector (dictionary_items.embedding_model) so a model change re-embeds. */
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export class EmbeddingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingError';
  }
}
