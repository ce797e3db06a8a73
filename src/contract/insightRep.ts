import { z } from 'zod';
import { safeText } from './common';
import { insightEffectSchema, insightPeriodSchema, insightRepSchema, insightRepsSchema, insightsQuerySchema } from './insights';

/** GET /api/insights/reps/:rep (docs/insights.md "A rep's page"): the page's filters but the rep, which the path names. */
export const insightRepParamsSchema = z.object({ rep: safeText(z.string().trim().min(1).max(254)) });
export const insightRepQuerySchema = insightsQuerySchema;

/** How many objections the page lists, the rep's most frequent first. */
export const INSIGHT_REP_OBJECTIONS_MAX = 10;

/** Rates per 100 of the rep's calls, beside the team's per 100 of all calls. */
const repRate = {
  key: z.string(),
  label: z.string(),
  deleted: z.boolean(),
  calls: z.number().int(),
  rate: z.number().nullable(),
  teamRate: z.number().nullable(),
};

export const insightRepObjectionSchema = z.object({ ...repRate, detections: z.number().int() });
export type InsightRepObjection = z.infer<typeof insightRepObjectionSchema>;

export const insightRepLandmineSchema = z.object({ ...repRate, hits: z.number().int() });
export type InsightRepLandmine = z.infer<typeof insightRepLandmineSchema>;

/** The customer's sentiment change around an objection after the rep's answers, and after the whole team's. */
export const insightRepAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  deleted: z.boolean(),
  rep: insightEffectSchema,
  team: insightEffectSchema,
});
export type InsightRepAnswer = z.infer<typeof insightRepAnswerSchema>;

export const insightRepPageSchema = z.object({
  /** The rep's calls in the period. */
  period: insightPeriodSchema,
  rep: z.string(),
  /** From the rep's user profile; null (userId too) for an address Users does not know. */
  name: z.string().nullable(),
  userId: z.string().nullable(),
  /** The rep's figures, flags and weeks; null without a finished call in the period. */
  figures: insightRepSchema.nullable(),
  teamMedian: insightRepsSchema.shape.teamMedian,
  targets: insightRepsSchema.shape.targets,
  teamCalls: z.number().int(),
  /** The rep's most frequent first, at most INSIGHT_REP_OBJECTIONS_MAX. */
  objections: z.array(insightRepObjectionSchema),
  /** Objections the rep answered, most cases first. */
  answers: z.array(insightRepAnswerSchema),
  /** The rep's most triggered first. */
  landmines: z.array(insightRepLandmineSchema),
});
export type InsightRepPage = z.infer<typeof insightRepPageSchema>;
export const insightRepResponseSchema = z.object({ success: z.literal(true), data: insightRepPageSchema });
