import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CanSayPoint, CannotSayPoint } from '../../../src/contract/landmines';
import { timestamptz } from './columns';

/** A variation's answer is a copy of its original's, kept equal by the API; it goes with the original. */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['objection', 'faq'] }).notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category').notNull(),
    isOriginal: boolean('is_original').notNull().default(true),
    parentId: uuid('parent_id').references((): AnyPgColumn => dictionaryItems.id, { onDelete: 'cascade' }),
    needsEmbedding: boolean('needs_embedding').notNull().default(true),
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** docs/api.md "Versions" */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('dictionary_items_kind_check', sql`${table.kind} in ('objection', 'faq')`),
    check(
      'dictionary_items_parent_check',
      sql`(${table.isOriginal} and ${table.parentId} is null) or (not ${table.isOriginal} and ${table.parentId} is not null)`,
    ),
    index('dictionary_items_grouped_idx').on(table.kind, table.isOriginal, table.createdAt),
    index('dictionary_items_parent_idx').on(table.parentId),
    index('dictionary_items_pending_idx').on(table.updatedAt).where(sql`${table.needsEmbedding}`),
  ],
);

export const landmines = pgTable(
  'landmines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').notNull(),
    triggerVariations: jsonb('trigger_variations').$type<string[]>().notNull().default([]),
    category: text('category').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    canSay: jsonb('can_say').$type<CanSayPoint[]>().notNull().default([]),
    cannotSay: jsonb('cannot_say').$type<CannotSayPoint[]>().notNull().default([]),
    quickTips: text('quick_tips').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** docs/api.md "Versions" */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('landmines_priority_check', sql`${table.priority} in ('high', 'medium', 'low')`),
    index('landmines_created_at_idx').on(table.createdAt),
  ],
);

/** docs/matching.md: the calibrated threshold, with its sample for the what-if, and an admin's, which wins while set. */
export const matchCalibrations = pgTable('match_calibrations', {
  model: text('model').primaryKey(),
  calibratedThreshold: real('calibrated_threshold'),
  adminThreshold: real('admin_threshold'),
  margin: real('margin').notNull(),
  calibratedAt: timestamptz('calibrated_at'),
  texts: integer('texts').notNull().default(0),
  items: integer('items').notNull().default(0),
  sample: jsonb('sample').$type<{ own: (number | null)[]; other: number[] }>(),
  /** docs/matching.md "The rule" 3: the landmines' own threshold, calibrated for recall. */
  landmineCalibratedThreshold: real('landmine_calibrated_threshold'),
  landmineAdminThreshold: real('landmine_admin_threshold'),
  landmineCalibratedAt: timestamptz('landmine_calibrated_at'),
  landmineTexts: integer('landmine_texts').notNull().default(0),
  landmineSample: jsonb('landmine_sample').$type<(number | null)[]>(),
  /** docs/matching.md "Labelled phrases": what each calibration used of them (0: the dictionary's own texts). */
  labelCount: integer('label_count').notNull().default(0),
  labelCalls: integer('label_calls').notNull().default(0),
  labelSample: jsonb('label_sample').$type<[number, number, number][]>(),
  landmineLabelCount: integer('landmine_label_count').notNull().default(0),
  landmineLabelCalls: integer('landmine_label_calls').notNull().default(0),
  landmineLabelSample: jsonb('landmine_label_sample').$type<[number, number, number][]>(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** docs/api.md "Versions" */
  version: integer('version').notNull().default(1),
});
