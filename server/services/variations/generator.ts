/** What a generator is asked for: `count` new phrasings of `question`, none equal to `existing`. */
export interface GenerationRequest {
  kind: 'objection' | 'faq';
  question: string;
  answer: string;
  count: number;
  /** Questions of the original's existing variations. */
  existing: string[];
}

/** Produces candidate rephrasings; the caller validates them (validate.ts). */
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
