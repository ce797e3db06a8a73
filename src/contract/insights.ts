import { z } from 'zod';
import { DATE_RANGE_MESSAGE, IN_DATE_RANGE_YEAR, LIMITS, safeText } from './common';
import { insightPeriodSchema } from './insightPeriod';

export * from './insightPeriod';
export * from './insightReps';

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

const addedQuestion = safeText(z.string().trim().min(1).max(LIMITS.question));

/** What a group became in the dictionary: an FAQ of its own, or a variation of an objection's or FAQ's `question`. */
export const inquiryAddedAsSchema = z.discriminatedUnion('as', [
  z.object({ as: z.literal('faq'), question: addedQuestion }),
  z.object({ as: z.literal('variation'), type: z.enum(['faq', 'objection']), question: addedQuestion }),
]);
export type InquiryAddedAs = z.infer<typeof inquiryAddedAsSchema>;

/** A phrasing as a call's timeline shows it, for the group it is in. */
export const inquiryAddedByTextSchema = z.object({ text: addedQuestion, added: inquiryAddedAsSchema });

/** `later*`: its phrasings first asked after it was added, which count for the item rather than as a new inquiry. */
export const addedInquiryGroupSchema = inquiryGroupSchema.extend({
  added: inquiryAddedAsSchema,
  laterOccurrences: z.number().int(),
  laterPhrasings: z.number().int(),
});
export type AddedInquiryGroup = z.infer<typeof addedInquiryGroupSchema>;

/** `groups`: the open list; `added`: the groups added to the dictionary, largest first. */
export const insightInquiriesSchema = z.object({
  period: insightPeriodSchema,
  groups: z.array(inquiryGroupSchema),
  added: z.array(addedInquiryGroupSchema),
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

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const insightItemsResponseSchema = envelope(insightItemsSchema);
export const insightInquiriesResponseSchema = envelope(insightInquiriesSchema);
export const inquiryAddedResponseSchema = envelope(z.object({ key: z.string(), added: inquiryAddedAsSchema }));
export const insightAnswersResponseSchema = envelope(insightAnswersSchema);
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
