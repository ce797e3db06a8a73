import { z } from 'zod';
import { versionSchema } from './common';
import { TARGET_BAND_METRICS, type TargetBandMetric, type TargetBands } from './insights';

/** docs/insights.md "Target bands": the values an admin may set; a talk ratio is a share (0-1), shown as %. */
export const TARGET_BAND_BOUNDS: Record<TargetBandMetric, { min: number; max: number }> = {
  talkRatio: { min: 0, max: 1 },
  alertsPerHour: { min: 0, max: 600 },
  questionsPerCall: { min: 0, max: 200 },
  landminesPer10Calls: { min: 0, max: 100 },
};

export const TARGET_BAND_MESSAGES = {
  minAboveMax: 'The minimum must not be above the maximum',
  outOfRange: 'Outside the allowed range',
} as const;

const bandOf = (metric: TargetBandMetric) => {
  const end = z.number().min(TARGET_BAND_BOUNDS[metric].min).max(TARGET_BAND_BOUNDS[metric].max).nullable();
  return z
    .object({ min: end, max: end })
    .strict()
    .refine((band) => band.min === null || band.max === null || band.min <= band.max, {
      message: TARGET_BAND_MESSAGES.minAboveMax,
      path: ['min'],
    })
    .meta({ 'x-ordered': ['min', 'max'] });
};

export const targetBandsSchema = z
  .object({
    talkRatio: bandOf('talkRatio'),
    alertsPerHour: bandOf('alertsPerHour'),
    questionsPerCall: bandOf('questionsPerCall'),
    landminesPer10Calls: bandOf('landminesPer10Calls'),
  })
  .strict();

export const targetBandsPutBodySchema = targetBandsSchema.extend({ version: versionSchema.optional() }).strict();
export type TargetBandsPutBody = z.infer<typeof targetBandsPutBodySchema>;

/** Version 0 until the first save, when DEFAULT_TARGET_BANDS apply; `defaults` are those. */
export const targetBandsDataSchema = z.object({
  bands: targetBandsSchema,
  defaults: targetBandsSchema,
  version: z.number().int(),
});
export type TargetBandsData = z.infer<typeof targetBandsDataSchema>;
export const targetBandsResponseSchema = z.object({ success: z.literal(true), data: targetBandsDataSchema });

/** The form keeps each end as typed: empty is an open end; the talk ratio is typed in %. */
const PERCENT_METRICS: readonly TargetBandMetric[] = ['talkRatio'];
const scaleOf = (metric: TargetBandMetric) => (PERCENT_METRICS.includes(metric) ? 100 : 1);

export type TargetBandsFormValues = Record<TargetBandMetric, { min: string; max: string }>;

export const targetBandsToForm = (bands: TargetBands): TargetBandsFormValues =>
  Object.fromEntries(
    TARGET_BAND_METRICS.map((metric) => {
      const shown = (value: number | null) => (value === null ? '' : String(Math.round(value * scaleOf(metric) * 1e6) / 1e6));
      return [metric, { min: shown(bands[metric].min), max: shown(bands[metric].max) }];
    }),
  ) as TargetBandsFormValues;

const formEnd = (metric: TargetBandMetric) => {
  const scale = scaleOf(metric);
  const { min, max } = TARGET_BAND_BOUNDS[metric];
  return z
    .string()
    .trim()
    .refine((text) => text === '' || (Number.isFinite(Number(text)) && Number(text) >= min * scale && Number(text) <= max * scale), {
      message: TARGET_BAND_MESSAGES.outOfRange,
    })
    .transform((text) => (text === '' ? null : Number(text) / scale));
};

const formBand = (metric: TargetBandMetric) =>
  z
    .object({ min: formEnd(metric), max: formEnd(metric) })
    .refine((band) => band.min === null || band.max === null || band.min <= band.max, {
      message: TARGET_BAND_MESSAGES.minAboveMax,
      path: ['min'],
    });

export const targetBandsFormSchema = z.object({
  talkRatio: formBand('talkRatio'),
  alertsPerHour: formBand('alertsPerHour'),
  questionsPerCall: formBand('questionsPerCall'),
  landminesPer10Calls: formBand('landminesPer10Calls'),
});

export const targetBandShownBounds = (metric: TargetBandMetric) => ({
  min: TARGET_BAND_BOUNDS[metric].min * scaleOf(metric),
  max: TARGET_BAND_BOUNDS[metric].max * scaleOf(metric),
});
