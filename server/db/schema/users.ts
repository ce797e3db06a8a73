import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PROFILE_ORIGINS, ROLES } from '../../../src/contract/auth';
import { timestamptz } from './columns';

/** Admins and users (profiles of identity-provider accounts) and the audit log of what admins did. */

/** Profiles of identity-provider accounts; admin rights come from `role`, looked up by uid. */
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
    /**
     * How the profile came to be: created from the portal ('portal'), granted by the operator
     * ('config': ADMIN_UIDS or `npm run admin:grant`), seeded demo data ('demo'), or a self
     * sign-up recorded by an earlier version ('signup'). Only the first three can be promoted
     * without a verified email (docs/security.md: never promote an account the portal did not create).
     */
    origin: text('origin', { enum: PROFILE_ORIGINS }).notNull().default('portal'),
    /**
     * When the portal last revoked the account's sessions (password reset, disable, delete,
     * demote), to the millisecond: the identity provider compares whole seconds, so a token
     * issued in that same second is refused here.
     */
    sessionsRevokedAt: timestamptz('sessions_revoked_at'),
    /**
     * When an admin freed the email of this deleted profile (docs/api.md "Deleted users"): its
     * identity account is gone, the email no longer holds a create, and the profile stays deleted.
     */
    emailReleasedAt: timestamptz('email_released_at'),
    /** Raised by every edit; an edit that started from another version is refused (docs/api.md "Versions"). */
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
