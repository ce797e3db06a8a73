import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The insights' aggregates (docs/insights.md), added to when a call completes
 * (services/insights/record.ts) and never computed from transcripts when a page is read.
 *
 * A count or effect row is for one rep (`rep`, the call's user email; '' for the whole team),
 * one final status (completed or failed; '' for both) and one stretch of time: a UTC day of the
 * calls' start (`grain` 'd'), an ISO week named by its Monday (`grain` 'w') or a calendar month
 * named by its first day (`grain` 'm'). A call is added to each of the twelve rows it belongs
 * to (services/insights/record.ts rollupsOf), so a read takes the rollup it needs and a period
 * is its whole months, then whole weeks, plus the days at its edges, or, for a trend by week,
 * its whole weeks plus its edge days (services/insights/read.ts): a page reads one row per key
 * and month, week or edge day, whatever the number of reps. Sums are exact: a call lies on one day.
 */

const dims = {
  rep: text('rep').notNull(),
  status: text('status', { enum: ['completed', 'failed', ''] }).notNull(),
  grain: text('grain', { enum: ['d', 'w', 'm'] }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
};

/**
 * Counts per key: `metric` item (objections and FAQs by item key), inquiry (new inquiries by
 * phrasing id) or landmine (by landmine key). n: occurrences; calls: calls with at least one.
 * inquiry_overlap (by new-inquiry group id, n 0): what the group's phrasings' calls count more
 * than once, as a negative `calls`, so that a group's phrasings' calls plus its overlap are its
 * distinct calls (a call asking k phrasings of one group adds -(k-1)): written at completion for
 * the phrasings grouped by then, and by the grouping job for each phrasing it groups later.
 */
export const insightCounts = pgTable(
  'insight_counts',
  {
    metric: text('metric', { enum: ['item', 'inquiry', 'inquiry_overlap', 'landmine'] }).notNull(),
    ...dims,
    key: text('key').notNull(),
    n: integer('n').notNull().default(0),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.metric, table.rep, table.status, table.grain, table.day, table.key] }),
    check('insight_counts_metric_check', sql`${table.metric} in ('item', 'inquiry', 'inquiry_overlap', 'landmine')`),
  ],
);

/**
 * The customer's sentiment change around each objection detection (contract/insights.ts
 * insightEffectSchema), per objection (item_key) and suggested answer (answer_key, the md5 of
 * its text): cases, the sum of the changes and of their squares (mean and variance).
 */
export const insightAnswerEffects = pgTable(
  'insight_answer_effects',
  {
    ...dims,
    itemKey: text('item_key').notNull(),
    answerKey: text('answer_key').notNull(),
    cases: integer('cases').notNull().default(0),
    sum: real('sum').notNull().default(0),
    sumSquares: real('sum_squares').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.rep, table.status, table.grain, table.day, table.itemKey, table.answerKey] })],
);

/**
 * Per rep, day and final status (no team or week rows: a few rows per rep and day, and the
 * team's figures are the reps' medians). Times in milliseconds.
 */
export const insightRepDays = pgTable(
  'insight_rep_days',
  {
    rep: text('rep').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['completed', 'failed'] }).notNull(),
    calls: integer('calls').notNull().default(0),
    durationMs: real('duration_ms').notNull().default(0),
    talkMs: real('talk_ms').notNull().default(0),
    salesTalkMs: real('sales_talk_ms').notNull().default(0),
    /** The sum over calls of each call's longest salesperson monologue. */
    longestMonologueMs: real('longest_monologue_ms').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    alerts: integer('alerts').notNull().default(0),
    landmines: integer('landmines').notNull().default(0),
    sentimentSum: real('sentiment_sum').notNull().default(0),
    sentimentEntries: integer('sentiment_entries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.rep, table.day, table.status] }), index('insight_rep_days_day_idx').on(table.day)],
);

/**
 * The names keys are shown under: `kind` item (label: the question the call reported, item_kind
 * and category), landmine (the trigger) or answer (the answer's text). A dictionary item or
 * landmine that still exists shows its current name; a deleted one keeps the last it had
 * (services/dictionaryDelete.ts and landmines.ts write it here as they delete).
 */
export const insightLabels = pgTable(
  'insight_labels',
  {
    kind: text('kind', { enum: ['item', 'landmine', 'answer'] }).notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    itemKind: text('item_kind'),
    category: text('category'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);

/**
 * Each distinct new-inquiry phrasing (`normalized`: trimmed, lower case, spaces collapsed),
 * its embedding and its group: the grouping job (services/insights/grouping.ts) embeds new
 * phrasings and puts each in the group of the closest earlier phrasing when it is close enough,
 * else in a group of its own (group_id = its own id). group_id is null until then.
 */
export const insightInquiryPhrases = pgTable(
  'insight_inquiry_phrases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    normalized: text('normalized').notNull().unique(),
    text: text('text').notNull(),
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    groupId: uuid('group_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('insight_inquiry_phrases_pending_idx').on(table.createdAt).where(sql`${table.groupId} is null`)],
);
