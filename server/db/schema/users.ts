import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PROFILE_ORIGINS, ROLES } from '../../../src/contract/auth';
import { timestamptz } from './columns';

/** Admin rights come from `role`, looked up by uid. */
export const users = pgTable(
  'users',
  {
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
    /** Only 'portal', 'config' and 'demo' can be promoted without a verified email (docs/security.md). */
    origin: text('origin', { enum: PROFILE_ORIGINS }).notNull().default('portal'),
    /** To the millisecond: the identity provider compares whole seconds, so a token of that same second is refused here. */
    sessionsRevokedAt: timestamptz('sessions_revoked_at'),
    /** docs/api.md "Deleted users" */
    emailReleasedAt: timestamptz('email_released_at'),
    /** docs/api.md "Versions" */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('admin', 'user')`),
    check('users_origin_check', sql`${table.origin} in ('portal', 'config', 'demo', 'signup')`),
  ],
);

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
