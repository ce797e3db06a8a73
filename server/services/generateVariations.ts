import { GENERATION_FAILED } from '../../src/contract/dictionary';
import type { Database } from '../db/client';
import { ApiHttpError } from '../errors';
import { generationContext, type ItemKind } from './dictionary';
import { GenerationError, validateGeneratedVariations, type VariationGenerator } from './variations';
import { variationSources } from './variations/sources';

/** The client only sees a generic 502. */
export interface GenerationLog {
  warn(details: object, message: string): void;
}

/** Not saved: the portal saves the ones the admin keeps. */
export const generateVariations = async (
  { db, generator }: { db: Database; generator: VariationGenerator },
  kind: ItemKind,
  id: string,
  count: number,
  log: GenerationLog,
): Promise<string[]> => {
  const context = await generationContext(db, kind, id);
  const sources = await variationSources(db, id);
  // The generator may call a remote model: no transaction is open here.
  let raw: string[];
  try {
    raw = await generator.generate({
      kind,
      question: context.question,
      answer: context.answer,
      count,
      existing: context.existing,
      ...sources,
    });
  } catch (error) {
    log.warn(
      { event: 'variations.failed', generator: generator.name, err: error instanceof Error ? error.message : String(error) },
      'variation generation failed',
    );
    throw new ApiHttpError(
      502,
      GENERATION_FAILED,
      error instanceof GenerationError ? error.message : 'Variation generation failed. Please try again later.',
    );
  }
  const variations = validateGeneratedVariations(raw, { question: context.question, existing: context.existing, count });
  if (variations.length === 0 && !generator.mayFindNothing) {
    throw new ApiHttpError(502, GENERATION_FAILED, 'The generator returned no new variations. Please try again.');
  }
  return variations;
};
