import { z } from 'zod';

/**
 * How a phrase fires an objection or FAQ (docs/matching.md): each item scores the best cosine
 * similarity of its question and variations; the best item fires when its score reaches the
 * threshold AND leads the runner-up by at least the margin. The threshold belongs to the
 * embedding model (each model's scores live on their own scale): it is calibrated from the
 * dictionary itself and an admin may adjust it. The assistant's snapshot carries it, so the
 * assistant fires exactly what "Test a phrase" shows.
 */

/** The threshold used while a model has no calibration yet (too few items, or not run yet). */
export const DEFAULT_THRESHOLDS: Readonly<Record<string, number>> = {
  'use-lite-512+bow-256': 0.56,
  'local-hashed-bow-256': 0.45,
};
export const FALLBACK_THRESHOLD = 0.7;
export const defaultThresholdFor = (model: string) => DEFAULT_THRESHOLDS[model] ?? FALLBACK_THRESHOLD;

/** The lead over the runner-up below which two items are "too close" and neither fires. */
export const MATCH_MARGIN = 0.02;

/** Bounds an admin may set the threshold within. */
export const THRESHOLD_MIN = 0.3;
export const THRESHOLD_MAX = 0.95;

export const THRESHOLD_SOURCES = ['default', 'calibrated', 'admin'] as const;
export type ThresholdSource = (typeof THRESHOLD_SOURCES)[number];

/** What the assistant needs to fire as the portal does (carried in GET /api/assistant/config). */
export const matchingRuleSchema = z.object({
  /** The embedding model the vectors and the threshold belong to. */
  model: z.string(),
  threshold: z.number().min(0).max(1),
  margin: z.number().min(0).max(1),
  source: z.enum(THRESHOLD_SOURCES),
  /** When the threshold was calibrated from the dictionary; null while the default applies. */
  calibratedAt: z.string().nullable(),
});
export type MatchingRule = z.infer<typeof matchingRuleSchema>;

/**
 * The leave-one-out sample the calibration was computed from: for each dictionary text (a
 * question or a variation), scored against the dictionary without it, `own` is the best score
 * of its own item (null when that item has no other text) and `other` the best score of any
 * other item. The Settings page computes the effect of another threshold from it.
 */
export const calibrationSampleSchema = z.object({
  own: z.array(z.number().nullable()),
  other: z.array(z.number()),
});
export type CalibrationSample = z.infer<typeof calibrationSampleSchema>;

export const matchingSettingsSchema = matchingRuleSchema.extend({
  /** The calibrated threshold (what "Use the calibrated threshold" restores), null before any calibration. */
  calibratedThreshold: z.number().nullable(),
  /** Texts and items the calibration used. */
  texts: z.number().int(),
  items: z.number().int(),
  sample: calibrationSampleSchema.nullable(),
  /** Dictionary rows still waiting for this model's embedding (the calibration waits for them). */
  pending: z.number().int(),
  /** Rows Ready under this model. */
  ready: z.number().int(),
  /** Raised by every change of the threshold (docs/api.md "Versions"). */
  version: z.number().int(),
});
export type MatchingSettings = z.infer<typeof matchingSettingsSchema>;
export const matchingSettingsResponseSchema = z.object({ success: z.literal(true), data: matchingSettingsSchema });

/** PUT /api/dictionary/matching: a threshold of the admin's, or null to go back to the calibrated one. */
export const matchingPutBodySchema = z
  .object({
    threshold: z.number().min(THRESHOLD_MIN).max(THRESHOLD_MAX).nullable(),
    version: z.number().int().min(0).optional(),
  })
  .strict();
export type MatchingPutBody = z.infer<typeof matchingPutBodySchema>;

/** The share of the sample's texts that fire their own item, and another item, at a threshold. */
export const whatIf = (sample: CalibrationSample, threshold: number, margin = MATCH_MARGIN) => {
  let own = 0;
  let wrong = 0;
  let withOwn = 0;
  sample.other.forEach((other, index) => {
    const mine = sample.own[index];
    if (mine !== null) withOwn += 1;
    const top = mine !== null && mine >= other ? mine : other;
    const runnerUp = mine !== null && mine >= other ? other : (mine ?? 0);
    if (top < threshold || top - runnerUp < margin) return;
    if (mine !== null && mine >= other) own += 1;
    else wrong += 1;
  });
  const total = sample.other.length;
  return { ownRate: withOwn === 0 ? 0 : own / withOwn, wrongRate: total === 0 ? 0 : wrong / total };
};

/** 409 from POST /dictionary/matching/calibrate while embeddings are still Pending. */
export const CALIBRATION_PENDING = 'CALIBRATION_PENDING';
