import { z } from 'zod';
import { LIMITS, safeText } from './common';
import { dictIdSchema } from './dictionary';

/**
 * The similarity (cosine, 0-1) from which the assistant treats a phrase as an objection, FAQ or
 * landmine (docs/api.md "Test a phrase"). The demo sessions use the same line: detections score
 * 0.72 and above, new inquiries below 0.7.
 */
export const MATCH_THRESHOLD = 0.7;

/** From this similarity an item being added or edited is "very similar" to another one (a warning, never a refusal). */
export const NEAR_DUPLICATE_THRESHOLD = 0.85;

/** At most this many matches come back, best first. */
export const MATCH_RESULTS_MAX = 10;

/** What can be tested: a customer phrase, as long as a dictionary question (docs/security.md length caps). */
export const MATCH_TEXT_MAX = LIMITS.question;

export const MATCH_TYPES = ['objection', 'faq', 'landmine'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** POST /dictionary/match: `excludeId` leaves out an item and its variations (the one being edited). */
export const dictionaryMatchBodySchema = z
  .object({
    text: safeText(z.string().trim().min(1, 'Required').max(MATCH_TEXT_MAX, `At most ${MATCH_TEXT_MAX} characters`)),
    excludeId: dictIdSchema.optional(),
  })
  .strict();
export type DictionaryMatchBody = z.infer<typeof dictionaryMatchBodySchema>;

/**
 * One item that matches: objections and FAQs report their original (`id`, `question`) even when
 * a variation matched best (`matchedText`, `viaVariation`); landmines report their trigger.
 */
export const dictionaryMatchSchema = z.object({
  type: z.enum(MATCH_TYPES),
  id: z.string(),
  question: z.string(),
  category: z.string(),
  score: z.number().min(0).max(1),
  matchedText: z.string(),
  viaVariation: z.boolean(),
  /** score >= threshold: the assistant would show this item for the phrase. */
  wouldFire: z.boolean(),
});
export type DictionaryMatch = z.infer<typeof dictionaryMatchSchema>;

export const dictionaryMatchResultSchema = z.object({
  matches: z.array(dictionaryMatchSchema),
  threshold: z.number(),
  nearDuplicateThreshold: z.number(),
  /** The embedding model that scored the phrase (dictionary_items.embedding_model of the rows compared). */
  model: z.string(),
});
export type DictionaryMatchResult = z.infer<typeof dictionaryMatchResultSchema>;

export const dictionaryMatchResponseSchema = z.object({ success: z.literal(true), data: dictionaryMatchResultSchema });

/** 502 when the embedding provider cannot embed the phrase (the portal says so and keeps the field). */
export const MATCH_FAILED = 'MATCH_FAILED';
