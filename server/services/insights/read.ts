import { type SQL, sql } from 'drizzle-orm';
import type { InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { type DayRange, monthSpansOf, weekSpansOf } from './period';

/**
 * What the insights' reads share (docs/insights.md). Every read goes to the aggregates by their
 * primary key's leading columns (metric, rep, status, grain, day), never to the sessions' detail
 * tables, and casts what it sums: sum() of an integer is a bigint, which the two drivers decode differently,
 * and of a real a real, which loses digits.
 */

/** The rows of a statement, as both drivers answer them. */
export const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The count and effect rows a request reads: one rep's or the team's (rep ''), one final
 * status's or both (status ''), so a page reads one row per key and day or week whatever it
 * filters (server/db/schema/insights.ts).
 */
export const scopeOf = (query: InsightsQuery): SQL => sql`rep = ${query.rep ?? ''} and status = ${query.status ?? ''}`;

/** insight_rep_days has no rollup rows: `and status = ...` when the request narrows to one final status. */
export const statusFilter = (query: InsightsQuery): SQL => (query.status ? sql`and status = ${query.status}` : sql``);

/** `day` between two YYYY-MM-DD days, inclusive. */
export const daysBetween = (from: string, to: string): SQL => sql`day between ${from}::date and ${to}::date`;

/**
 * The rows of insight_counts or insight_answer_effects that add up to `range`: its whole months'
 * month rows, then the whole weeks' week rows and the edge days' day rows around them
 * (period.ts monthSpansOf), the fewest rows for a total; or `byWeek`, for a trend by week, no
 * month rows: its whole weeks' and its edge days' (period.ts spansOf). Each arm is a range of
 * the primary key after (metric,) rep, status and grain.
 */
export const rowsCovering = (range: DayRange, { byWeek = false } = {}): SQL => {
  const spans = byWeek ? weekSpansOf(range) : monthSpansOf(range);
  return sql`(${sql.join(
    spans.map((span) => sql`(grain = ${span.grain} and ${daysBetween(span.from, span.to)})`),
    sql` or `,
  )})`;
};

/**
 * The Monday of the ISO week of a row's `day` (a week row's day is its Monday already), as text.
 * On a timestamp without time zone, so the session's TimeZone plays no part (date_trunc on a
 * date would go through timestamptz).
 */
export const weekOfDay: SQL = sql`to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')`;

/** A key the dictionary or the landmines would know by id: not one made from a question or trigger. */
export const isIdKey = (key: string): boolean => !/^[qt]:/.test(key);

/**
 * Every rep with a finished call, in order: insight_rep_days' primary key starts with the rep,
 * so a recursive walk finds each next rep with one index descent (a "loose index scan"),
 * however many days and calls each has.
 */
export const everyRep: SQL = sql`array(
  with recursive walk(rep) as (
    (select rep from insight_rep_days order by rep limit 1)
    union all
    select (select next.rep from insight_rep_days next where next.rep > walk.rep order by next.rep limit 1) from walk where walk.rep is not null
  )
  select rep from walk where rep is not null
)`;
