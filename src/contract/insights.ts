import { z } from 'zod';
import { DATE_RANGE_MESSAGE, IN_DATE_RANGE_YEAR, LIMITS, safeText } from './common';

/* docs/insights.md. Days are UTC days of the call's start; weeks ISO weeks named by their Monday; periods inclusive. */
export const INSIGHT_PERIODS = ['7d', '30d', '90d'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const INSIGHT_PERIOD_DAYS: Record<InsightPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };
export const INSIGHT_DEFAULT_PERIOD: InsightPeriod = '30d';
/** A year against the year before. */
export const INSIGHT_RANGE_MAX_DAYS = 400;
/** An in-progress call counts once it completes. */
export const INSIGHT_STATUSES = ['completed', 'failed'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];
/** Shown as "too few calls", never as a figure. */
export const INSIGHT_MIN_CASES = 5;
/** The page shows them all, the CSV too. */
export const INSIGHT_ROWS_MAX = 200;
/** docs/insights.md "Rates and risers": at least this many calls in each period... */
export const INSIGHT_RATE_MIN_CALLS = 20;
/** ...and the test of two Poisson rates rejecting equal rates at this level, two-sided. */
export const INSIGHT_SIGNIFICANCE = 0.05;

export const INSIGHT_MESSAGES = {
  rangeOrder: '"from" must not be after "to"',
  rangeTooLong: `A range is at most ${INSIGHT_RANGE_MAX_DAYS} days`,
  rangeIncomplete: 'A range needs both "from" and "to"',
} as const;

/** A period reaches as far again before it: PostgreSQL refuses year 0. */
export const insightDaySchema = z.iso.date({ message: 'Must be a date, YYYY-MM-DD' }).regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE);

/** `period` (default 30d, ending today) or a `from`/`to` range. */
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
  .meta({
    dependentRequired: { from: ['to'], to: ['from'] },
    'x-ordered': ['from', 'to'],
    'x-max-span': { from: 'from', to: 'to', max: INSIGHT_RANGE_MAX_DAYS - 1, unit: 'day' },
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
export type InsightsQueryInput = z.input<typeof insightsQuerySchema>;

export const insightPeriodRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Oldest first (the trend charts' x axis). */
  weeks: z.array(z.string()),
});
export type InsightPeriodRange = z.infer<typeof insightPeriodRangeSchema>;

/** Per week in the order of `weeks`. */
export const insightPeriodCallsSchema = z.object({
  calls: z.number().int(),
  previousCalls: z.number().int(),
  weeklyCalls: z.array(z.number().int()),
});
export type InsightPeriodCalls = z.infer<typeof insightPeriodCallsSchema>;

export const insightPeriodSchema = insightPeriodRangeSchema.extend(insightPeriodCallsSchema.shape);
export type InsightPeriodWithCalls = z.infer<typeof insightPeriodSchema>;

export const insightTrendSchema = z.enum(['rising', 'falling']).nullable();
export type InsightTrend = z.infer<typeof insightTrendSchema>;

const rateFields = {
  rate: z.number().nullable(),
  previousRate: z.number().nullable(),
  rateChange: z.number().nullable(),
  trend: insightTrendSchema,
};

const weekCount = z.object({ week: z.string(), count: z.number().int(), rate: z.number().nullable() });

/** `key` is the dictionary item's id, or `q:<kind>:<question>` when not known by id (docs/insights.md "Keys"). */
export const insightItemSchema = z.object({
  key: z.string(),
  kind: z.enum(['objection', 'faq']),
  label: z.string(),
  category: z.string(),
  deleted: z.boolean(),
  detections: z.number().int(),
  calls: z.number().int(),
  previousDetections: z.number().int(),
  change: z.number().int(),
  ...rateFields,
  weekly: z.array(weekCount),
});
export type InsightItem = z.infer<typeof insightItemSchema>;

export const insightItemsSchema = z.object({
  period: insightPeriodSchema,
  items: z.array(insightItemSchema),
  /** Largest rise of rate first, at most five. */
  risers: z.array(z.string()),
});
export type InsightItems = z.infer<typeof insightItemsSchema>;

/** A phrasing not embedded yet is its own group (`pending`) until the grouping job sees it. */
export const inquiryGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  occurrences: z.number().int(),
  calls: z.number().int(),
  rate: z.number().nullable(),
  /** Most frequent first, the label included. */
  examples: z.array(z.string()),
  phrasings: z.number().int(),
  pending: z.boolean(),
});
export type InquiryGroup = z.infer<typeof inquiryGroupSchema>;

export const insightInquiriesSchema = z.object({
  period: insightPeriodSchema,
  groups: z.array(inquiryGroupSchema),
});
export type InsightInquiries = z.infer<typeof insightInquiriesSchema>;

/** docs/insights.md "The figures": from -2 to +2; `mean`, `low`, `high` are null below INSIGHT_MIN_CASES cases. */
export const insightEffectSchema = z.object({
  cases: z.number().int(),
  mean: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type InsightEffect = z.infer<typeof insightEffectSchema>;

export const insightAnswerSchema = z.object({
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

/** `key`: the battlecard's id; battlecards deleted since are not counted (their mentions keep only the name said). */
export const insightCompetitorSchema = z.object({
  key: z.string(),
  label: z.string(),
  mentions: z.number().int(),
  calls: z.number().int(),
  previousMentions: z.number().int(),
  /** Mentions per 100 calls. */
  ...rateFields,
});
export type InsightCompetitor = z.infer<typeof insightCompetitorSchema>;

export const insightCompetitorsSchema = z.object({
  period: insightPeriodSchema,
  /** Most mentioned first. */
  competitors: z.array(insightCompetitorSchema),
});
export type InsightCompetitors = z.infer<typeof insightCompetitorsSchema>;

/** What the filters offer: every rep with a finished call, and the first day with one. */
export const insightFiltersSchema = z.object({ reps: z.array(z.string()), firstDay: z.string().nullable() });
export type InsightFilters = z.infer<typeof insightFiltersSchema>;

const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data });
export const insightItemsResponseSchema = envelope(insightItemsSchema);
export const insightInquiriesResponseSchema = envelope(insightInquiriesSchema);
export const insightAnswersResponseSchema = envelope(insightAnswersSchema);
export const insightRepsResponseSchema = envelope(insightRepsSchema);
export const insightLandminesResponseSchema = envelope(insightLandminesSchema);
export const insightCompetitorsResponseSchema = envelope(insightCompetitorsSchema);
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
  /** The calls where the customer named this battlecard's competitor. */
  competitorId: z.uuid().optional(),
  from: insightDaySchema.optional(),
  to: insightDaySchema.optional(),
};
