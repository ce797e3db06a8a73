import { z } from 'zod';
import { LIMITS, safeText } from './common';
import { dictIdSchema } from './dictionary';
import { THRESHOLD_SOURCES } from './matching';

/**
 * The line the demo sessions were generated against (detections score 0.72 and above, new
 * inquiries below 0.7). What fires a phrase is the embedding model's own threshold
 * (contract/matching.ts), carried in every answer below.
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
  /**
   * The assistant would show this item for the phrase: the best objection or FAQ when it
   * reaches the threshold and leads the runner-up by the margin; a landmine from the threshold.
   */
  wouldFire: z.boolean(),
});
export type DictionaryMatch = z.infer<typeof dictionaryMatchSchema>;

export const MATCH_OUTCOMES = ['fires', 'belowThreshold', 'tooClose', 'nothingToCompare'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

/**
 * Why the best objection or FAQ fires or not: `shortBy` is how far its score is under the
 * threshold (belowThreshold), `lead` how far it is ahead of the runner-up (tooClose: under the margin).
 */
export const matchVerdictSchema = z.object({
  outcome: z.enum(MATCH_OUTCOMES),
  itemId: z.string().nullable(),
  runnerUpId: z.string().nullable(),
  shortBy: z.number().nullable(),
  lead: z.number().nullable(),
});
export type MatchVerdict = z.infer<typeof matchVerdictSchema>;

export const dictionaryMatchResultSchema = z.object({
  matches: z.array(dictionaryMatchSchema),
  threshold: z.number(),
  /** The lead over the runner-up an objection or FAQ needs to fire (contract/matching.ts). */
  margin: z.number(),
  /** Where the threshold comes from: the model's default, its calibration, or an admin. */
  thresholdSource: z.enum(THRESHOLD_SOURCES),
  calibratedAt: z.string().nullable(),
  verdict: matchVerdictSchema,
  nearDuplicateThreshold: z.number(),
  /** The embedding model that scored the phrase (dictionary_items.embedding_model of the rows compared). */
  model: z.string(),
});
export type DictionaryMatchResult = z.infer<typeof dictionaryMatchResultSchema>;

export const dictionaryMatchResponseSchema = z.object({ success: z.literal(true), data: dictionaryMatchResultSchema });

/** 502 when the embedding provider cannot embed the phrase (the portal says so and keeps the field). */
export const MATCH_FAILED = 'MATCH_FAILED';
