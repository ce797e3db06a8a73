import { z } from 'zod';
import { LIMITS, safeText } from './common';
import { dictIdSchema } from './dictionary';
import { THRESHOLD_MAX, THRESHOLD_MIN, THRESHOLD_SOURCES } from './matching';

/** The line the demo sessions were generated against; what fires is the model's own threshold (contract/matching.ts). */
export const MATCH_THRESHOLD = 0.7;

/** A warning, never a refusal. */
export const NEAR_DUPLICATE_THRESHOLD = 0.85;

export const MATCH_RESULTS_MAX = 10;

export const MATCH_TEXT_MAX = LIMITS.question;

export const MATCH_TYPES = ['objection', 'faq', 'landmine'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** Who says the phrase: the customer is heard against objections and FAQs, the salesperson against landmines. */
export const MATCH_SPEAKERS = ['customer', 'salesperson'] as const;
export type MatchSpeaker = (typeof MATCH_SPEAKERS)[number];

/** `excludeId` leaves out an item and its variations (the one being edited); without `speaker`, both sides are scored. */
export const dictionaryMatchBodySchema = z
  .object({
    text: safeText(z.string().trim().min(1, 'Required').max(MATCH_TEXT_MAX, `At most ${MATCH_TEXT_MAX} characters`)),
    excludeId: dictIdSchema.optional(),
    speaker: z.enum(MATCH_SPEAKERS).optional(),
    /** A threshold to try in place of the one in force (Settings' what-if): nothing is saved. */
    threshold: z.number().min(THRESHOLD_MIN).max(THRESHOLD_MAX).optional(),
    landmineThreshold: z.number().min(THRESHOLD_MIN).max(THRESHOLD_MAX).optional(),
  })
  .strict();
export type DictionaryMatchBody = z.infer<typeof dictionaryMatchBodySchema>;

/** Objections and FAQs report their original even when a variation matched best; landmines their trigger. */
export const dictionaryMatchSchema = z.object({
  type: z.enum(MATCH_TYPES),
  id: z.string(),
  question: z.string(),
  category: z.string(),
  score: z.number().min(0).max(1),
  matchedText: z.string(),
  viaVariation: z.boolean(),
  wouldFire: z.boolean(),
});
export type DictionaryMatch = z.infer<typeof dictionaryMatchSchema>;

export const MATCH_OUTCOMES = ['fires', 'belowThreshold', 'tooClose', 'nothingToCompare'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

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
  /** Landmines' own, calibrated for recall on their texts (docs/matching.md). */
  landmineThreshold: z.number(),
  landmineThresholdSource: z.enum(THRESHOLD_SOURCES),
  margin: z.number(),
  thresholdSource: z.enum(THRESHOLD_SOURCES),
  calibratedAt: z.string().nullable(),
  verdict: matchVerdictSchema,
  nearDuplicateThreshold: z.number(),
  model: z.string(),
});
export type DictionaryMatchResult = z.infer<typeof dictionaryMatchResultSchema>;

/** An active competitor battlecard the phrase names, by its name or another name (`matchedName`). */
export const namedBattlecardSchema = z.object({ id: z.string(), name: z.string(), matchedName: z.string() });
export type NamedBattlecard = z.infer<typeof namedBattlecardSchema>;

/** "Test a phrase": what would fire, and the battlecards the phrase names. */
export const phraseTestResultSchema = dictionaryMatchResultSchema.extend({ battlecards: z.array(namedBattlecardSchema) });
export type PhraseTestResult = z.infer<typeof phraseTestResultSchema>;

export const dictionaryMatchResponseSchema = z.object({ success: z.literal(true), data: phraseTestResultSchema });

/** The portal says so and keeps the field. */
export const MATCH_FAILED = 'MATCH_FAILED';
