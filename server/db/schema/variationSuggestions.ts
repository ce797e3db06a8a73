import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { dictionaryItems } from './dictionary';
import { sessions } from './sessions';

/** The completed calls the suggestions job has read (docs/matching.md "Suggested variations"); they go with their call. */
export const variationSuggestionScans = pgTable('variation_suggestion_scans', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  scannedAt: timestamptz('scanned_at').notNull().defaultNow(),
});

/** A customer's utterance whose best item did not fire; a call's erasure takes its suggestions with it. */
export const variationSuggestions = pgTable(
  'variation_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => dictionaryItems.id, { onDelete: 'cascade' }),
    runnerUpId: uuid('runner_up_id').references(() => dictionaryItems.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    score: real('score').notNull(),
    reason: text('reason', { enum: ['belowThreshold', 'tooClose'] }).notNull(),
    model: text('model').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('variation_suggestions_utterance_key').on(table.sessionId, table.seq),
    check('variation_suggestions_reason_check', sql`${table.reason} in ('belowThreshold', 'tooClose')`),
    index('variation_suggestions_item_idx').on(table.itemId, table.score.desc()),
  ],
);
