import { z } from 'zod';
import { dictIdSchema } from './dictionary';

/** docs/matching.md "Suggested variations": why the utterance's best item stayed silent. */
export const SUGGESTION_REASONS = ['belowThreshold', 'tooClose'] as const;

/** At most this many suggestions are listed, the highest-scoring first; the same words for one item are one suggestion. */
export const SUGGESTIONS_LIST_MAX = 500;

export const variationSuggestionSchema = z.object({
  id: dictIdSchema,
  text: z.string(),
  score: z.number(),
  reason: z.enum(SUGGESTION_REASONS),
  /** The item it came too close to, when `tooClose`. */
  runnerUp: z.string().nullable(),
  /** The call it scored best in, of the `calls` that said these words. */
  sessionId: z.string(),
  sessionName: z.string(),
  startTime: z.string(),
  calls: z.number().int().min(1),
});
export type VariationSuggestion = z.infer<typeof variationSuggestionSchema>;

export const suggestedItemSchema = z.object({
  id: dictIdSchema,
  kind: z.enum(['objection', 'faq']),
  question: z.string(),
  category: z.string(),
  suggestions: z.array(variationSuggestionSchema),
});
export type SuggestedItem = z.infer<typeof suggestedItemSchema>;

export const variationSuggestionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(suggestedItemSchema), total: z.number().int().min(0) }),
});

export type VariationSuggestions = z.infer<typeof variationSuggestionsResponseSchema>['data'];

export const variationSuggestionParamsSchema = z.object({ id: dictIdSchema });

export const variationSuggestionActionResponseSchema = z.object({ success: z.literal(true) });

export const SUGGESTION_MESSAGES = { notFound: 'Suggestion not found. It may have been added or dismissed already.' } as const;
