import { type SQL, sql } from 'drizzle-orm';
import type { InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { type DayRange, monthSpansOf, weekSpansOf } from './period';

/* docs/insights.md. Sums are cast: sum() of an integer is a bigint, which the two drivers decode differently. */
export const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** One row per key and day or week whatever the request filters (server/db/schema/insights.ts). */
export const scopeOf = (query: InsightsQuery): SQL => sql`rep = ${query.rep ?? ''} and status = ${query.status ?? ''}`;

/** insight_rep_days has no rollup rows. */
export const statusFilter = (query: InsightsQuery): SQL => (query.status ? sql`and status = ${query.status}` : sql``);

export const daysBetween = (from: string, to: string): SQL => sql`day between ${from}::date and ${to}::date`;

/** Whole months, then whole weeks and edge days: the fewest rows for a total; `byWeek` reads no months. */
export const rowsCovering = (range: DayRange, { byWeek = false } = {}): SQL => {
  const spans = byWeek ? weekSpansOf(range) : monthSpansOf(range);
  return sql`(${sql.join(
    spans.map((span) => sql`(grain = ${span.grain} and ${daysBetween(span.from, span.to)})`),
    sql` or `,
  )})`;
};

/** On a timestamp without time zone, so the session's TimeZone plays no part. */
export const weekOfDay: SQL = sql`to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')`;

export const isIdKey = (key: string): boolean => !/^[qt]:/.test(key);

/** A loose index scan: one index descent per rep, however many days and calls each has. */
export const everyRep: SQL = sql`array(
  with recursive walk(rep) as (
    (select rep from insight_rep_days order by rep limit 1)
    union all
    select (select next.rep from insight_rep_days next where next.rep > walk.rep order by next.rep limit 1) from walk where walk.rep is not null
  )
  select rep from walk where rep is not null
)`;
