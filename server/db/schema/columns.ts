import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every timestamp is `timestamptz`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The columns every declared resource's table starts with (server/services/declaredResource.ts). */
export const declaredColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** Raised by every edit; an edit that started from another version is refused (docs/api.md "Versions"). */
  version: integer('version').notNull().default(1),
});
