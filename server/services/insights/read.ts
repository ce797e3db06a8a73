import { type SQL, sql } from 'drizzle-orm';
import type { InsightPeriodRange, InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';

/**
 * What the insights' reads share (docs/insights.md). Every read goes to the aggregates by their
 * primary key's leading columns (metric, rep, day), never to the sessions' detail tables, and
 * casts what it sums: sum() of an integer is a bigint, which the two drivers decode differently,
 * and of a real a real, which loses digits.
 */

/** The rows of a statement, as both drivers answer them. */
export const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The aggregate rows a request reads: one rep's, or the team's rollup (rep '') without a rep filter. */
export const scopeOf = (query: InsightsQuery): string => query.rep ?? '';

/** `and status = ...` when the request narrows to one final status; both statuses otherwise. */
export const statusFilter = (query: InsightsQuery): SQL => (query.status ? sql`and status = ${query.status}` : sql``);

/** `day` between two YYYY-MM-DD days, inclusive. */
export const daysBetween = (from: string, to: string): SQL => sql`day between ${from}::date and ${to}::date`;

/**
 * The Monday of `day`'s ISO week, as text. On a timestamp without time zone, so the session's
 * TimeZone plays no part (date_trunc on a date would go through timestamptz).
 */
export const weekOfDay: SQL = sql`to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')`;

/** A key the dictionary or the landmines would know by id: not one made from a question or trigger. */
export const isIdKey = (key: string): boolean => !/^[qt]:/.test(key);

/** One count per week of the period, zeros included, oldest first. */
export const fillWeeks = (period: InsightPeriodRange, counts: Map<string, number> | undefined) =>
  period.weeks.map((week) => ({ week, count: counts?.get(week) ?? 0 }));

/** Adds `value` under `outer` -> `inner`. */
export const addNested = <V>(map: Map<string, Map<string, V>>, outer: string, inner: string, value: V): void => {
  let entries = map.get(outer);
  if (!entries) {
    entries = new Map();
    map.set(outer, entries);
  }
  entries.set(inner, value);
};
