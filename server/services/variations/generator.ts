export interface GenerationRequest {
  kind: 'objection' | 'faq';
  question: string;
  answer: string;
  count: number;
  existing: string[];
  /** What customers said on calls that came close to this item, best first (docs/matching.md "Suggested variations"). */
  fromCalls?: string[];
  /** The dictionary's items of the same kind closest to this one, closest first. */
  related?: RelatedPhrasing[];
}

export interface RelatedPhrasing {
  question: string;
  variations: string[];
}

/** The caller validates the candidates (validate.ts). */
export interface VariationGenerator {
  readonly name: string;
  /** Finding nothing is an answer, not a failure: an offline generator has only the dictionary and the calls to go on. */
  readonly mayFindNothing?: boolean;
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<string[]>;
}

export class GenerationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenerationError';
  }
}
