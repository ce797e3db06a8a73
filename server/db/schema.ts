import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLES } from '../../src/contract/auth';
import type { CanSayPoint, CannotSayPoint } from '../../src/contract/landmines';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Profiles of identity-provider accounts; admin rights come from `role`, looked up by uid. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  uid: text('uid').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  role: text('role', { enum: ROLES }).notNull().default('user'),
  isActive: boolean('is_active').notNull().default(true),
  lastLogin: timestamptz('last_login'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  deletedAt: timestamptz('deleted_at'),
}, (table) => [check('users_role_check', sql`${table.role} in ('admin', 'user')`)]);

/** One row (id = 1); absent until the first save, when the spec's defaults apply. */
export const speechRateSettings = pgTable('speech_rate_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull(),
  timeWindow: integer('time_window').notNull(),
  maxWords: integer('max_words').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
}, (table) => [check('speech_rate_settings_single_row', sql`${table.id} = 1`)]);

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().default(sql`now()`),
    actorUid: text('actor_uid').notNull(),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

/**
 * Objections and FAQs (kind), originals and their variations (parent_id, deleted with the
 * original). A variation's answer is a copy of its original's, kept equal by the API.
 * needs_embedding: Pending until the embedding worker stores `embedding` (question text).
 */
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
  },
  (table) => [
    check('dictionary_items_kind_check', sql`${table.kind} in ('objection', 'faq')`),
    check('dictionary_items_parent_check', sql`(${table.isOriginal} and ${table.parentId} is null) or (not ${table.isOriginal} and ${table.parentId} is not null)`),
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
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull().default('medium'),
    canSay: jsonb('can_say').$type<CanSayPoint[]>().notNull().default([]),
    cannotSay: jsonb('cannot_say').$type<CannotSayPoint[]>().notNull().default([]),
    quickTips: text('quick_tips').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('landmines_priority_check', sql`${table.priority} in ('high', 'medium', 'low')`),
    index('landmines_created_at_idx').on(table.createdAt),
  ],
);
