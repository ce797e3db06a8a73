import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** One row (id = 1); absent until the first save, when CALLS_ABANDON_AFTER_MINUTES applies. */
export const callSettings = pgTable(
  'call_settings',
  {
    id: integer('id').primaryKey().default(1),
    abandonAfterMinutes: integer('abandon_after_minutes').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** docs/api.md "Versions" */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('call_settings_single_row', sql`${table.id} = 1`)],
);
