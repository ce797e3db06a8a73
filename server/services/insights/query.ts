import { sql } from 'drizzle-orm';
import {
  INSIGHT_ROWS_MAX,
  type InquiryGroup,
  type InsightFilters,
  type InsightInquiries,
  type InsightItem,
  type InsightItems,
  type InsightLandmine,
  type InsightLandmines,
  type InsightsQuery,
} from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { resolvePeriod } from './period';
import { addNested, daysBetween, fillWeeks, isIdKey, rowsOf, scopeOf, statusFilter, weekOfDay } from './read';

/**
 * The read side of the insights (docs/insights.md): one function per part of the page, each
 * taking the page's filters and answering the contract's shape (src/contract/insights.ts).
 * Each is one or two statements over the aggregates that services/insights/record.ts keeps.
 */

export { insightAnswers } from './answers';
export { insightReps } from './reps';

/** Totals per key of one metric: the period and the previous one in one pass over the days of both. */
const totalsOf = (metric: 'item' | 'landmine', query: InsightsQuery, period: ReturnType<typeof resolvePeriod>) =>
  sql`select key,
        coalesce(sum(n) filter (where day >= ${period.from}::date), 0)::int as n,
        coalesce(sum(calls) filter (where day >= ${period.from}::date), 0)::int as calls,
        coalesce(sum(n) filter (where day < ${period.from}::date), 0)::int as previous
      from insight_counts
      where metric = ${metric} and rep = ${scopeOf(query)} and ${daysBetween(period.previousFrom, period.to)} ${statusFilter(query)}
      group by key`;

/** Counts per key and week of the period, for the keys shown. */
const weeklyOf = async (
  db: Database,
  metric: 'item' | 'landmine',
  query: InsightsQuery,
  period: ReturnType<typeof resolvePeriod>,
  keys: string[],
) => {
  const weekly = new Map<string, Map<string, number>>();
  if (keys.length === 0) return weekly;
  const rows = await rowsOf<{ key: string; week: string; count: number }>(
    db,
    sql`select key, ${weekOfDay} as week, sum(n)::int as count
        from insight_counts
        where metric = ${metric} and rep = ${scopeOf(query)} and ${daysBetween(period.from, period.to)} ${statusFilter(query)}
          and key = any(${sql.param(keys)}::text[])
        group by key, week`,
  );
  for (const row of rows) addNested(weekly, row.key, row.week, row.count);
  return weekly;
};

/** At most this many risers (contract/insights.ts insightItemsSchema). */
const RISERS_MAX = 5;

/**
 * Objections and FAQs by detections in the period, with the previous period's for the change.
 * An item detected only in the previous period is listed too (after the others: it fell to 0).
 * The name is the dictionary item's current question while it exists, else the one kept in
 * insight_labels (the last it had when deleted, or the question the assistant reported).
 */
export const insightItems = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightItems> => {
  const period = resolvePeriod(query, now);
  const rows = await rowsOf<{
    key: string;
    n: number;
    calls: number;
    previous: number;
    question: string | null;
    kind: 'objection' | 'faq' | null;
    category: string | null;
    label: string | null;
    label_kind: 'objection' | 'faq' | null;
    label_category: string | null;
  }>(
    db,
    sql`with totals as (${totalsOf('item', query, period)})
        select t.key, t.n, t.calls, t.previous, d.question, d.kind, d.category,
          l.label, l.item_kind as label_kind, l.category as label_category
        from totals t
        left join dictionary_items d on d.id::text = t.key
        left join insight_labels l on l.kind = 'item' and l.key = t.key
        order by t.n desc, t.previous desc, t.key
        limit ${INSIGHT_ROWS_MAX}`,
  );
  const weekly = await weeklyOf(
    db,
    'item',
    query,
    period,
    rows.filter((row) => row.n > 0).map((row) => row.key),
  );
  const items = rows.map(
    (row): InsightItem => ({
      key: row.key,
      // Kind and category as the calls reported them (insight_labels, written with every count),
      // the same for items known by id, by question and deleted ones.
      kind: row.label_kind ?? row.kind ?? (row.key.startsWith('q:faq:') ? 'faq' : 'objection'),
      label: row.question ?? row.label ?? row.key,
      category: row.label_category ?? row.category ?? '',
      deleted: row.question === null && isIdKey(row.key),
      detections: row.n,
      calls: row.calls,
      previousDetections: row.previous,
      change: row.n - row.previous,
      weekly: fillWeeks(period, weekly.get(row.key)),
    }),
  );
  const risers = items
    .filter((item) => item.change > 0)
    .sort((a, b) => b.change - a.change || b.detections - a.detections || (a.key < b.key ? -1 : 1))
    .slice(0, RISERS_MAX)
    .map((item) => item.key);
  return { period, items, risers };
};

/**
 * New inquiries in the period by group (docs/insights.md "New inquiries"): a phrasing the
 * grouping job has not seen yet is a group of its own (pending). A group's `calls` adds up its
 * phrasings' calls, so a call that asked the same thing in two phrasings of one group counts
 * twice: the aggregates count calls per phrasing, and per-group call counts would need the
 * sessions themselves, which no read of the insights touches.
 */
export const insightInquiries = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightInquiries> => {
  const period = resolvePeriod(query, now);
  const rows = await rowsOf<{
    group_key: string;
    occurrences: number;
    calls: number;
    phrasings: number;
    examples: string[];
    pending: boolean;
  }>(
    db,
    sql`with per_phrase as (
          select key, sum(n)::int as n, sum(calls)::int as calls
          from insight_counts
          where metric = 'inquiry' and rep = ${scopeOf(query)} and ${daysBetween(period.from, period.to)} ${statusFilter(query)}
          group by key
        ), phrases as (
          select coalesce(p.group_id, p.id) as group_key, p.group_id is null as pending, p.text, pp.n, pp.calls,
            row_number() over (partition by coalesce(p.group_id, p.id) order by pp.n desc, p.text) as rank
          from per_phrase pp
          join insight_inquiry_phrases p on p.id = pp.key::uuid
        )
        select group_key::text, sum(n)::int as occurrences, sum(calls)::int as calls, count(*)::int as phrasings,
          array_agg(text order by rank) filter (where rank <= 3) as examples, bool_or(pending) as pending
        from phrases
        group by group_key
        order by occurrences desc, calls desc, group_key
        limit ${INSIGHT_ROWS_MAX}`,
  );
  const groups = rows.map(
    (row): InquiryGroup => ({
      key: row.group_key,
      label: row.examples[0],
      occurrences: row.occurrences,
      calls: row.calls,
      examples: row.examples,
      phrasings: row.phrasings,
      pending: row.pending,
    }),
  );
  return { period, groups };
};

/**
 * Landmines by hits in the period, with the previous period's, each rep's hits (the per-rep
 * rows; only the filtered rep's with a rep filter) and the weekly hits. Named like the items:
 * the landmine's current trigger while it exists, else the name kept in insight_labels.
 */
export const insightLandmines = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightLandmines> => {
  const period = resolvePeriod(query, now);
  const rows = await rowsOf<{ key: string; n: number; calls: number; previous: number; trigger: string | null; label: string | null }>(
    db,
    sql`with totals as (${totalsOf('landmine', query, period)})
        select t.key, t.n, t.calls, t.previous, m.trigger, l.label
        from totals t
        left join landmines m on m.id::text = t.key
        left join insight_labels l on l.kind = 'landmine' and l.key = t.key
        order by t.n desc, t.previous desc, t.key
        limit ${INSIGHT_ROWS_MAX}`,
  );
  const keys = rows.filter((row) => row.n > 0).map((row) => row.key);
  const weekly = new Map<string, Map<string, number>>();
  const byRep = new Map<string, Map<string, number>>();
  if (keys.length > 0) {
    const repCondition = query.rep ? sql`rep = ${query.rep}` : sql`rep <> ''`;
    const parts = await rowsOf<{ part: 'week' | 'rep'; key: string; name: string; count: number }>(
      db,
      sql`select 'week' as part, key, ${weekOfDay} as name, sum(n)::int as count
          from insight_counts
          where metric = 'landmine' and rep = ${scopeOf(query)} and ${daysBetween(period.from, period.to)} ${statusFilter(query)}
            and key = any(${sql.param(keys)}::text[])
          group by key, name
          union all
          select 'rep', key, rep, sum(n)::int
          from insight_counts
          where metric = 'landmine' and ${repCondition} and ${daysBetween(period.from, period.to)} ${statusFilter(query)}
            and key = any(${sql.param(keys)}::text[])
          group by key, rep`,
    );
    for (const row of parts) addNested(row.part === 'week' ? weekly : byRep, row.key, row.name, row.count);
  }
  const landmines = rows.map(
    (row): InsightLandmine => ({
      key: row.key,
      label: row.trigger ?? row.label ?? row.key,
      deleted: row.trigger === null && isIdKey(row.key),
      hits: row.n,
      calls: row.calls,
      previousHits: row.previous,
      byRep: [...(byRep.get(row.key) ?? [])]
        .map(([rep, hits]) => ({ rep, hits }))
        .sort((a, b) => b.hits - a.hits || (a.rep < b.rep ? -1 : 1)),
      weekly: fillWeeks(period, weekly.get(row.key)),
    }),
  );
  return { period, landmines };
};

/** What the page's filters offer: every rep with a finished call, and the first day with one. */
export const insightFilters = async (db: Database, _query?: InsightsQuery, _now = Date.now()): Promise<InsightFilters> => {
  const [row] = await rowsOf<{ first_day: string | null; reps: string[] }>(
    db,
    sql`select (select to_char(min(day), 'YYYY-MM-DD') from insight_rep_days) as first_day,
          array(select distinct rep from insight_rep_days order by rep) as reps`,
  );
  return { reps: row.reps, firstDay: row.first_day };
};
