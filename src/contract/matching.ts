import { z } from 'zod';

/**
 * docs/matching.md "The rule". The threshold belongs to the embedding model (each model's scores live on their own
 * scale); the assistant's snapshot carries it, so the assistant fires exactly what "Test a phrase" shows.
 */
/** While a model has no calibration yet. */
export const DEFAULT_THRESHOLDS: Readonly<Record<string, number>> = {
  'use-lite-512+bow-256': 0.56,
  'local-hashed-bow-256': 0.45,
};
export const FALLBACK_THRESHOLD = 0.7;
export const defaultThresholdFor = (model: string) => DEFAULT_THRESHOLDS[model] ?? FALLBACK_THRESHOLD;

/** The landmines' own while they have no calibration: lower, since a missed breach costs more than a false warning. */
export const DEFAULT_LANDMINE_THRESHOLDS: Readonly<Record<string, number>> = {
  'use-lite-512+bow-256': 0.45,
  'local-hashed-bow-256': 0.4,
};
export const defaultLandmineThresholdFor = (model: string) => DEFAULT_LANDMINE_THRESHOLDS[model] ?? FALLBACK_THRESHOLD;

/** Under this lead over the runner-up two items are "too close" and neither fires. */
export const MATCH_MARGIN = 0.02;

export const THRESHOLD_MIN = 0.3;
export const THRESHOLD_MAX = 0.95;

/**
 * Where a calibration of each model may land (docs/matching.md "Plausible range"): outside, the
 * dictionary says more about itself (near-duplicates across items, a handful of texts) than about
 * the model, and the threshold in force is kept.
 */
export const PLAUSIBLE_THRESHOLDS: Readonly<Record<string, { min: number; max: number }>> = {
  'use-lite-512+bow-256': { min: 0.45, max: 0.7 },
  'local-hashed-bow-256': { min: 0.35, max: 0.6 },
};
export const FALLBACK_PLAUSIBLE = { min: THRESHOLD_MIN, max: 0.9 };
export const plausibleRangeFor = (model: string) => PLAUSIBLE_THRESHOLDS[model] ?? FALLBACK_PLAUSIBLE;

export const THRESHOLD_SOURCES = ['default', 'calibrated', 'admin'] as const;
export type ThresholdSource = (typeof THRESHOLD_SOURCES)[number];

export const matchingRuleSchema = z.object({
  model: z.string(),
  threshold: z.number().min(0).max(1),
  margin: z.number().min(0).max(1),
  source: z.enum(THRESHOLD_SOURCES),
  /** null while the default applies. */
  calibratedAt: z.string().nullable(),
  /** What a salesperson says is scored against the landmines from this one, with no margin. */
  landmineThreshold: z.number().min(0).max(1),
  landmineSource: z.enum(THRESHOLD_SOURCES),
});
export type MatchingRule = z.infer<typeof matchingRuleSchema>;

/** Leave-one-out: each text scored against the dictionary without it; `own` its item's best, `other` any other's. */
export const calibrationSampleSchema = z.object({
  own: z.array(z.number().nullable()),
  other: z.array(z.number()),
});
export type CalibrationSample = z.infer<typeof calibrationSampleSchema>;

/** Leave-one-out over the landmines' texts: each one's best score for its own landmine, null when another landmine ranks first. */
export const landmineSampleSchema = z.array(z.number().nullable());
export type LandmineSample = z.infer<typeof landmineSampleSchema>;

/**
 * docs/matching.md "Labelled phrases": one entry per label that says something about firing, as
 * [best score, lead over the runner-up (landmines: 0, or -1 when a can-say point holds it back), outcome]:
 * 0 its item ranks first, 1 another item ranks first, 2 it should fire nothing, 3 marked wrong and that item ranks first.
 */
export const labelSampleSchema = z.array(z.tuple([z.number(), z.number(), z.number().int().min(0).max(3)]));
export type LabelSample = z.infer<typeof labelSampleSchema>;

/** Below this many labelled phrases, or from fewer calls, a threshold is calibrated on the dictionary's own texts. */
export const LABELS_MINIMUM = { labels: 30, calls: 5 } as const;
/** docs/matching.md goals: at most this share of labelled phrases fire a wrong item, and of nothing-phrases fire at all. */
export const LABEL_FALSE_FIRE_RATE = 0.03;

const labelCounts = z.object({ labels: z.number().int(), calls: z.number().int() });

export const matchingSettingsSchema = matchingRuleSchema.extend({
  /** What "Use the calibrated threshold" restores. */
  calibratedThreshold: z.number().nullable(),
  texts: z.number().int(),
  items: z.number().int(),
  sample: calibrationSampleSchema.nullable(),
  landmineCalibratedThreshold: z.number().nullable(),
  landmineCalibratedAt: z.string().nullable(),
  landmineTexts: z.number().int(),
  landmineSample: landmineSampleSchema.nullable(),
  /** What the last calibration used of the labelled phrases (0: the dictionary's own texts), and their sample. */
  labelsUsed: labelCounts,
  labelSample: labelSampleSchema.nullable(),
  landmineLabelsUsed: labelCounts,
  landmineLabelSample: labelSampleSchema.nullable(),
  /** The labelled phrases there are now, the customer's (objections, FAQs) and the salesperson's (landmines). */
  labelsNow: z.object({ customer: labelCounts, salesperson: labelCounts }),
  /** The calibration waits for them. */
  pending: z.number().int(),
  ready: z.number().int(),
  version: z.number().int(),
});
export type MatchingSettings = z.infer<typeof matchingSettingsSchema>;
export const matchingSettingsResponseSchema = z.object({ success: z.literal(true), data: matchingSettingsSchema });

/** What a calibration did: its threshold applied, or kept out because it left the model's plausible range. */
export const calibrationOutcomeSchema = z.object({
  outcome: z.enum(['applied', 'kept']),
  /** The threshold the calibration computed (null: too small a dictionary, the default applies). */
  threshold: z.number().nullable(),
  plausible: z.object({ min: z.number(), max: z.number() }),
  /** Why the threshold in force was kept; null when applied. */
  reason: z.string().nullable(),
  /** The landmines' calibrated one (null: too few landmine texts, their default applies). */
  landmineThreshold: z.number().nullable(),
});
export type CalibrationOutcome = z.infer<typeof calibrationOutcomeSchema>;
/** POST /api/dictionary/matching/calibrate: the settings after it, and what it did. */
export const matchingCalibrateResponseSchema = z.object({
  success: z.literal(true),
  data: matchingSettingsSchema.extend({ calibration: calibrationOutcomeSchema }),
});

const thresholdValue = z.number().min(THRESHOLD_MIN).max(THRESHOLD_MAX).nullable();
const putVersion = z.number().int().min(0).optional();
/**
 * null: back to the calibrated threshold; left out: unchanged. One of the two at least, as two
 * branches, so the OpenAPI document says it too.
 */
export const matchingPutBodySchema = z.union(
  [
    z.object({ threshold: thresholdValue, landmineThreshold: thresholdValue.optional(), version: putVersion }).strict(),
    z.object({ threshold: thresholdValue.optional(), landmineThreshold: thresholdValue, version: putVersion }).strict(),
  ],
  { error: `Give threshold, landmineThreshold or both, each null or from ${THRESHOLD_MIN} to ${THRESHOLD_MAX}` },
);
export type MatchingPutBody = z.infer<typeof matchingPutBodySchema>;

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

/** The share of the landmines' own texts (each left out) that would still fire their landmine at `threshold`. */
export const landmineWhatIf = (sample: LandmineSample, threshold: number) =>
  sample.length === 0 ? 0 : sample.filter((own) => own !== null && own >= threshold).length / sample.length;

/** Labelled phrases at `threshold` (landmines: margin 0): the right item fires, a wrong one fires, a nothing-phrase fires. */
export const labelWhatIf = (sample: LabelSample, threshold: number, margin = MATCH_MARGIN) => {
  const counts = { right: 0, wrong: 0, nothing: 0, withItem: 0, judged: 0, nothingPhrases: 0 };
  for (const [score, lead, outcome] of sample) {
    const fires = score >= threshold && lead >= margin;
    if (outcome <= 1) counts.withItem += 1;
    if (outcome !== 2) counts.judged += 1;
    else counts.nothingPhrases += 1;
    if (!fires) continue;
    if (outcome === 0) counts.right += 1;
    else if (outcome === 2) counts.nothing += 1;
    else counts.wrong += 1;
  }
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  return {
    ...counts,
    rightRate: share(counts.right, counts.withItem),
    wrongRate: share(counts.wrong, counts.judged),
    nothingRate: share(counts.nothing, counts.nothingPhrases),
  };
};

export const CALIBRATION_PENDING = 'CALIBRATION_PENDING';
