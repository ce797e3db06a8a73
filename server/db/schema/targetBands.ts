import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { TargetBands } from '../../../src/contract/insights';
import { timestamptz } from './columns';

/** One row (id = 1); absent until the first save, when DEFAULT_TARGET_BANDS apply (docs/insights.md "Target bands"). */
export const targetBands = pgTable(
  'target_bands',
  {
    id: integer('id').primaryKey().default(1),
    bands: jsonb('bands').$type<TargetBands>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** docs/api.md "Versions" */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('target_bands_single_row', sql`${table.id} = 1`)],
);
