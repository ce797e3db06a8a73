import { z } from 'zod';
import { insightPeriodSchema } from './insightPeriod';

/**
 * A rep's calls in the period. talkRatio: the salesperson's share of the talk time (0-1);
 * longestMonologue: the mean over calls of the call's longest uninterrupted salesperson stretch,
 * seconds; questionsPerCall: question marks in the salesperson's transcripts per call;
 * alertsPerHour: speech-rate alerts per hour of call; landmines: landmines triggered;
 * sentiment: the customer's mean valence (-1..1), null without entries.
 */
export const repMetricsSchema = z.object({
  calls: z.number().int(),
  talkRatio: z.number().nullable(),
  longestMonologue: z.number().nullable(),
  questionsPerCall: z.number().nullable(),
  alertsPerHour: z.number().nullable(),
  landmines: z.number().int(),
  sentiment: z.number().nullable(),
});
export type RepMetrics = z.infer<typeof repMetricsSchema>;

/** The rep figures flagged against the team and against the target bands (docs/insights.md "Reps to watch"). */
export const REP_FLAG_METRICS = [
  'talkRatio',
  'longestMonologue',
  'questionsPerCall',
  'alertsPerHour',
  'landminesPer10Calls',
  'sentiment',
] as const;
export type RepFlagMetric = (typeof REP_FLAG_METRICS)[number];
/** A rep is compared with the team only with at least this many calls in the period, and the team needs this many such reps. */
export const REP_FLAG_MIN_CALLS = 5;
export const REP_FLAG_MIN_REPS = 4;
/** Outside Q1 - k IQR .. Q3 + k IQR of the team's reps is "far from the team" (Tukey's fences). */
export const REP_FLAG_IQR = 1.5;

/** The range a figure should lie in; either end may be open. */
export const targetBandSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });
export type TargetBand = z.infer<typeof targetBandSchema>;
export const TARGET_BAND_METRICS = ['talkRatio', 'alertsPerHour', 'questionsPerCall', 'landminesPer10Calls'] as const;
export type TargetBandMetric = (typeof TARGET_BAND_METRICS)[number];
export type TargetBands = Record<TargetBandMetric, TargetBand>;
/**
 * The default target bands (docs/insights.md): the salesperson talks 35 to 65 % of the time, at
 * most 6 speech-rate alerts an hour, at least 3 questions a call, at most 1 landmine per 10 calls.
 */
export const DEFAULT_TARGET_BANDS: TargetBands = {
  talkRatio: { min: 0.35, max: 0.65 },
  alertsPerHour: { min: null, max: 6 },
  questionsPerCall: { min: 3, max: null },
  landminesPer10Calls: { min: null, max: 1 },
};

/** Why a figure is flagged: above or below the team's fences, or above or below its target band. */
export const repFlagSchema = z.object({
  metric: z.enum(REP_FLAG_METRICS),
  reason: z.enum(['aboveTeam', 'belowTeam', 'aboveTarget', 'belowTarget']),
  /** The fence or the band's end it crossed. */
  limit: z.number(),
});
export type RepFlag = z.infer<typeof repFlagSchema>;

export const insightRepSchema = repMetricsSchema.extend({
  rep: z.string(),
  /** The rep's name from their user profile; null for an address Users does not know (`userId` null too). */
  name: z.string().nullable(),
  userId: z.string().nullable(),
  landminesPer10Calls: z.number().nullable(),
  /** Far from the team (REP_FLAG_*) or outside a target band; empty below REP_FLAG_MIN_CALLS calls. */
  flags: z.array(repFlagSchema),
  weekly: z.array(
    z.object({ week: z.string(), calls: z.number().int(), talkRatio: z.number().nullable(), sentiment: z.number().nullable() }),
  ),
});
export type InsightRep = z.infer<typeof insightRepSchema>;

export const insightRepsSchema = z.object({
  period: insightPeriodSchema,
  /** Each metric's median over every rep with calls in the period (whatever the rep filter). */
  teamMedian: repMetricsSchema.extend({ landminesPer10Calls: z.number().nullable() }),
  /** The target bands the flags used. */
  targets: z.record(z.enum(TARGET_BAND_METRICS), targetBandSchema),
  /** Most calls first; only the filtered rep when `rep` is given. */
  reps: z.array(insightRepSchema),
});
export type InsightReps = z.infer<typeof insightRepsSchema>;

export const insightRepsResponseSchema = z.object({ success: z.literal(true), data: insightRepsSchema });
