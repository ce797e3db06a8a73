import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../src/contract/auth';

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
