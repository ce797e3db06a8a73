import { z } from 'zod';
import { DATE_RANGE_MESSAGE, IN_DATE_RANGE_YEAR, LIMITS, safeText } from './common';

/**
 * Insights (docs/insights.md): what all the completed calls say together, read from aggregates
 * kept when a call completes. GET /api/insights/{items,inquiries,answers,reps,landmines,filters},
 * admin only, each taking the page's filters.
 *
 * Days are UTC calendar days (YYYY-MM-DD) of the call's start; a week is the ISO week, named by
 * its Monday. A period is `from`..`to` inclusive; its "previous period" is the same number of
 * days just before `from`.
 */

export const INSIGHT_PERIODS = ['7d', '30d', '90d'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const INSIGHT_PERIOD_DAYS: Record<InsightPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };
export const INSIGHT_DEFAULT_PERIOD: InsightPeriod = '30d';
/** The longest range a request may ask for (a bit over a year: a year against the year before). */
export const INSIGHT_RANGE_MAX_DAYS = 400;
/** Only finished calls have insights; an in-progress call counts once it completes. */
export const INSIGHT_STATUSES = ['completed', 'failed'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];
/** Below this many cases an effect is shown as "too few calls", never as a figure. */
export const INSIGHT_MIN_CASES = 5;
/** Rows per table (the largest first); the page shows them all, the CSV too. */
export const INSIGHT_ROWS_MAX = 200;
/** A change of rate is called rising or falling only with at least this many calls in each period (docs/insights.md). */
export const INSIGHT_RATE_MIN_CALLS = 20;
/** ... and when the test of two Poisson rates rejects equal rates at this level, two-sided. */
export const INSIGHT_SIGNIFICANCE = 0.05;

export const INSIGHT_MESSAGES = {
  rangeOrder: '"from" must not be after "to"',
  rangeTooLong: `A range is at most ${INSIGHT_RANGE_MAX_DAYS} days`,
  rangeIncomplete: 'A range needs both "from" and "to"',
} as const;

/** A UTC day, YYYY-MM-DD, within DATE_FILTER_RANGE (a period reaches as far again before it: PostgreSQL refuses year 0). */
export const insightDaySchema = z.iso.date({ message: 'Must be a date, YYYY-MM-DD' }).regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE);

/**
 * The page's filters. `period` (default 30d, ending today) or a `from`/`to` range; `rep` is a
 * salesperson's email; `status` narrows to completed or failed calls.
 */
export const insightsQuerySchema = z
  .object({
    period: z.enum(INSIGHT_PERIODS).optional(),
    from: insightDaySchema.optional(),
    to: insightDaySchema.optional(),
    rep: safeText(z.string().trim().min(1).max(254)).optional(),
    status: z.enum(INSIGHT_STATUSES).optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: INSIGHT_MESSAGES.rangeIncomplete });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHT_MESSAGES.rangeOrder });
    else if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 > INSIGHT_RANGE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: INSIGHT_MESSAGES.rangeTooLong });
  })
  // The rules above, for the OpenAPI document (docs/api.md "Errors": rules between values).
  .meta({
    dependentRequired: { from: ['to'], to: ['from'] },
    'x-ordered': ['from', 'to'],
    'x-max-span': { from: 'from', to: 'to', max: INSIGHT_RANGE_MAX_DAYS - 1, unit: 'day' },
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
export type InsightsQueryInput = z.input<typeof insightsQuerySchema>;

/** The period an answer covers, and the one it is compared with. */
export const insightPeriodRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** The Mondays of the weeks the period touches, oldest first (the trend charts' x axis). */
  weeks: z.array(z.string()),
});
export type InsightPeriodRange = z.infer<typeof insightPeriodRangeSchema>;

/** The finished calls the filters keep: in the period, in the previous period, and per week of `weeks` (same order). */
export const insightPeriodCallsSchema = z.object({
  calls: z.number().int(),
  previousCalls: z.number().int(),
  weeklyCalls: z.array(z.number().int()),
});
export type InsightPeriodCalls = z.infer<typeof insightPeriodCallsSchema>;

export const insightPeriodSchema = insightPeriodRangeSchema.extend(insightPeriodCallsSchema.shape);
export type InsightPeriodWithCalls = z.infer<typeof insightPeriodSchema>;

/** rising or falling: a change of rate unlikely to be chance (INSIGHT_RATE_MIN_CALLS, INSIGHT_SIGNIFICANCE); null otherwise. */
export const insightTrendSchema = z.enum(['rising', 'falling']).nullable();
export type InsightTrend = z.infer<typeof insightTrendSchema>;

/**
 * A count's rates per 100 calls of its period (null without calls), the change of rate, and
 * whether that change is real (`trend`).
 */
const rateFields = {
  rate: z.number().nullable(),
  previousRate: z.number().nullable(),
  rateChange: z.number().nullable(),
  trend: insightTrendSchema,
};

/** A week's count, and its rate per 100 of the week's calls (null in a week without calls). */
const weekCount = z.object({ week: z.string(), count: z.number().int(), rate: z.number().nullable() });

/**
 * An objection or FAQ as detected in calls. `key` identifies it in links (the Sessions list's
 * `item` filter): the dictionary item's id, or for a detection the dictionary did not know by id,
 * `q:<kind>:<question in lower case>`. `label` is its current question, or the last one it had
 * when it was deleted (`deleted`).
 */
export const insightItemSchema = z.object({
  key: z.string(),
  kind: z.enum(['objection', 'faq']),
  label: z.string(),
  category: z.string(),
  deleted: z.boolean(),
  detections: z.number().int(),
  calls: z.number().int(),
  previousDetections: z.number().int(),
  /** detections - previousDetections. */
  change: z.number().int(),
  /** Detections per 100 calls. */
  ...rateFields,
  weekly: z.array(weekCount),
});
export type InsightItem = z.infer<typeof insightItemSchema>;

export const insightItemsSchema = z.object({
  period: insightPeriodSchema,
  /** Most detected first. */
  items: z.array(insightItemSchema),
  /** The keys of the items whose rate is rising (`trend`), largest rise of rate first, at most five. */
  risers: z.array(z.string()),
});
export type InsightItems = z.infer<typeof insightItemsSchema>;

/**
 * New inquiries grouped by meaning: phrasings whose embeddings are close (docs/insights.md) share
 * a group. A phrasing not embedded yet is its own group (`pending`) until the grouping job sees it.
 * `key` is the Sessions list's `inquiry` filter.
 */
export const inquiryGroupSchema = z.object({
  key: z.string(),
  /** The group's most frequent phrasing. */
  label: z.string(),
  occurrences: z.number().int(),
  calls: z.number().int(),
  /** Occurrences per 100 calls of the period. */
  rate: z.number().nullable(),
  /** Up to three phrasings, most frequent first (the label included). */
  examples: z.array(z.string()),
  phrasings: z.number().int(),
  pending: z.boolean(),
});
export type InquiryGroup = z.infer<typeof inquiryGroupSchema>;

export const insightInquiriesSchema = z.object({
  period: insightPeriodSchema,
  /** Largest first. */
  groups: z.array(inquiryGroupSchema),
});
export type InsightInquiries = z.infer<typeof insightInquiriesSchema>;

/**
 * The change of the customer's sentiment around an objection: the mean valence (happy +1,
 * neutral and surprised 0, sad, fearful, angry and disgusted -1) of the customer's next three
 * sentiment entries after the detection minus that of the last three up to it, so from -2 to +2.
 * `mean`, `low` and `high` (the 95% confidence interval) are null below INSIGHT_MIN_CASES cases.
 */
export const insightEffectSchema = z.object({
  cases: z.number().int(),
  mean: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type InsightEffect = z.infer<typeof insightEffectSchema>;

export const insightAnswerSchema = z.object({
  /** The objection's key (as in insightItemSchema). */
  key: z.string(),
  label: z.string(),
  deleted: z.boolean(),
  overall: insightEffectSchema,
  byAnswer: z.array(insightEffectSchema.extend({ answerKey: z.string(), answer: z.string() })),
  byRep: z.array(insightEffectSchema.extend({ rep: z.string() })),
});
export type InsightAnswer = z.infer<typeof insightAnswerSchema>;

export const insightAnswersSchema = z.object({
  period: insightPeriodSchema,
  /** Most cases first. */
  objections: z.array(insightAnswerSchema),
});
export type InsightAnswers = z.infer<typeof insightAnswersSchema>;

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

/** `key`: the landmine's id, or `t:<trigger in lower case>` for a trigger the portal did not know by id. */
export const insightLandmineSchema = z.object({
  key: z.string(),
  label: z.string(),
  deleted: z.boolean(),
  hits: z.number().int(),
  calls: z.number().int(),
  previousHits: z.number().int(),
  /** Hits per 100 calls. */
  ...rateFields,
  byRep: z.array(z.object({ rep: z.string(), hits: z.number().int() })),
  weekly: z.array(weekCount),
});
export type InsightLandmine = z.infer<typeof insightLandmineSchema>;

export const insightLandminesSchema = z.object({
  period: insightPeriodSchema,
  /** Most triggered first. */
  landmines: z.array(insightLandmineSchema),
});
export type InsightLandmines = z.infer<typeof insightLandminesSchema>;

/** What the filters offer: every rep with a finished call, and the first day with one. */
export const insightFiltersSchema = z.object({ reps: z.array(z.string()), firstDay: z.string().nullable() });
export type InsightFilters = z.infer<typeof insightFiltersSchema>;

const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data });
export const insightItemsResponseSchema = envelope(insightItemsSchema);
export const insightInquiriesResponseSchema = envelope(insightInquiriesSchema);
export const insightAnswersResponseSchema = envelope(insightAnswersSchema);
export const insightRepsResponseSchema = envelope(insightRepsSchema);
export const insightLandminesResponseSchema = envelope(insightLandminesSchema);
export const insightFiltersResponseSchema = envelope(insightFiltersSchema);

/** The Sessions list filters the insights link to (GET /api/admin/sessions). */
export const sessionInsightFilterSchema = {
  rep: safeText(z.string().trim().min(1).max(254)).optional(),
  item: safeText(
    z
      .string()
      .min(1)
      .max(LIMITS.question + 10),
  ).optional(),
  landmine: safeText(
    z
      .string()
      .min(1)
      .max(LIMITS.question + 10),
  ).optional(),
  inquiry: z.uuid().optional(),
  from: insightDaySchema.optional(),
  to: insightDaySchema.optional(),
};
