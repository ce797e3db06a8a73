import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { declaredColumns } from './columns';

/** Competitor battlecards (server/resources/battlecards.ts). */
export const battlecards = pgTable('battlecards', {
  ...declaredColumns(),
  name: text('name').notNull(),
  otherNames: jsonb('other_names').$type<string[]>().notNull().default([]),
  positioning: text('positioning').notNull().default(''),
  strengths: text('strengths').notNull().default(''),
  weaknesses: text('weaknesses').notNull().default(''),
  talkTrack: text('talk_track').notNull().default(''),
  proofPoints: jsonb('proof_points').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
});
