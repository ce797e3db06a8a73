export interface GenerationRequest {
  kind: 'objection' | 'faq';
  question: string;
  answer: string;
  count: number;
  existing: string[];
}

/** The caller validates the candidates (validate.ts). */
export interface VariationGenerator {
  readonly name: string;
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<string[]>;
}

export class GenerationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenerationError';
  }
}
