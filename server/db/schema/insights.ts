import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/* The insights' aggregates, their keys and rollups: docs/insights.md, "Where the figures come from". */
const dims = {
  rep: text('rep').notNull(),
  status: text('status', { enum: ['completed', 'failed', ''] }).notNull(),
  grain: text('grain', { enum: ['d', 'w', 'm'] }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
};

/** inquiry_overlap: a group's phrasings' calls counted more than once, as a negative `calls` (docs/insights.md). */
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

/** answer_key is the md5 of the answer's text; sums of the changes and their squares give mean and variance. */
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

/** No team or week rows: the team's figures are the reps' medians. Times in milliseconds. */
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
    longestMonologueMs: real('longest_monologue_ms').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    alerts: integer('alerts').notNull().default(0),
    landmines: integer('landmines').notNull().default(0),
    sentimentSum: real('sentiment_sum').notNull().default(0),
    sentimentEntries: integer('sentiment_entries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.rep, table.day, table.status] }), index('insight_rep_days_day_idx').on(table.day)],
);

/** A deleted item or landmine keeps the last name it had (services/dictionaryDelete.ts and landmines.ts write it). */
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

/** group_id is null until the grouping job (services/insights/grouping.ts) has placed the phrasing. */
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

/** A new-inquiry group added to the dictionary (docs/insights.md): it leaves the open list, its later phrasings count for the item. */
export const insightInquiryAdded = pgTable(
  'insight_inquiry_added',
  {
    groupId: uuid('group_id').primaryKey(),
    addedAs: text('added_as', { enum: ['faq', 'variation'] }).notNull(),
    itemType: text('item_type', { enum: ['faq', 'objection'] }).notNull(),
    /** The FAQ added, or the original the group became a variation of. */
    question: text('question').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (table) => [check('insight_inquiry_added_faq_check', sql`${table.addedAs} = 'variation' or ${table.itemType} = 'faq'`)],
);
