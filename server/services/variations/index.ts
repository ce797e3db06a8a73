export { GenerationError, type GenerationRequest, type RelatedPhrasing, type VariationGenerator } from './generator';
export { createLocalVariationGenerator, localParaphrases, subjectSwap, transferredPhrasings } from './local';
export { createOpenAiVariationGenerator, parseVariationList, type OpenAiChatOptions } from './openai';
export { normaliseQuestion, validateGeneratedVariations } from './validate';
import { createLocalVariationGenerator } from './local';
import { createOpenAiVariationGenerator } from './openai';
import type { VariationGenerator } from './generator';

/** OpenAI-compatible chat when LLM_BASE_URL is set, else the local rule-based generator. */
export const variationGeneratorFromEnv = (env: { LLM_BASE_URL?: string; LLM_API_KEY?: string; LLM_MODEL?: string }): VariationGenerator =>
  env.LLM_BASE_URL
    ? createOpenAiVariationGenerator({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL ?? 'gpt-4o-mini' })
    : createLocalVariationGenerator();
