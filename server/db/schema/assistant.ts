import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '../../../src/contract/apiKeys';
import { timestamptz } from './columns';

/** One row (id = 1); absent until the first save, when the spec's defaults apply. */
export const speechRateSettings = pgTable(
  'speech_rate_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull(),
    timeWindow: integer('time_window').notNull(),
    maxWords: integer('max_words').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** docs/api.md "Versions" */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('speech_rate_settings_single_row', sql`${table.id} = 1`)],
);

/** docs/security.md "Service keys": only the secret's SHA-256 is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdByUid: text('created_by_uid').notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_key_hash_idx').on(table.keyHash), index('api_keys_created_at_idx').on(table.createdAt)],
);

/** One row (id = 1), raised in the same transaction as every change to what the assistant reads (services/configVersion.ts). */
export const configVersion = pgTable(
  'config_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('config_version_single_row', sql`${table.id} = 1`)],
);
