import { type SQL, sql } from 'drizzle-orm';
import {
  INSIGHT_ROWS_MAX,
  type InquiryGroup,
  type InsightFilters,
  type InsightInquiries,
  type InsightItem,
  type InsightItems,
  type InsightLandmine,
  type InsightLandmines,
  type InsightPeriodWithCalls,
  type InsightsQuery,
} from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { periodWithCalls, rateFieldsOf, ratePer100, weeklyRates } from './rates';
import { everyRep, isIdKey, rowsCovering, rowsOf, scopeOf } from './read';

/**
 * The read side of the insights (docs/insights.md): one function per part of the page, each
 * taking the page's filters and answering the contract's shape (src/contract/insights.ts).
 * Each is one or two statements over the aggregates that services/insights/record.ts keeps.
 */

export { insightAnswers } from './answers';
export { insightReps } from './reps';

type Period = InsightPeriodWithCalls;

/**
 * A key's totals in the period and the previous one, its counts in the period's weeks (`weeks`:
 * their places in period.weeks, with `counts` in the same order; only weeks with some), and
 * what names it.
 */
interface CountRow {
  key: string;
  n: number;
  calls: number;
  previous: number;
  weeks: number[] | null;
  counts: number[] | null;
}

/**
 * Per key of one metric, in one statement: the period's occurrences and calls, and per ISO week
 * (a whole week's row, or an edge week's days), named by its place in period.weeks (days since
 * the first Monday, over 7: a week row's day is its Monday, a day row's lies in its week); the
 * previous period's occurrences, a total only, so read by month where it can (a previous row's
 * day is before `from`: no week). Rows are summed per key and week, then per key; the
 * INSIGHT_ROWS_MAX keys with the most in the period first, joined to what names them.
 */
const countsOf = async <Names>(
  db: Database,
  metric: 'item' | 'landmine',
  query: InsightsQuery,
  period: Period,
  names: { columns: SQL; joins: SQL },
) =>
  rowsOf<CountRow & Names>(
    db,
    sql`with weekly as (
          select key, week,
            coalesce(sum(n) filter (where week is not null), 0)::int as n,
            coalesce(sum(calls) filter (where week is not null), 0)::int as calls,
            coalesce(sum(n) filter (where week is null), 0)::int as previous
          from (
            select key, n, calls, case when day >= ${period.from}::date then (day - ${period.weeks[0]}::date) / 7 end as week
            from insight_counts
            where metric = ${metric} and ${scopeOf(query)}
              and (${rowsCovering(period, { byWeek: true })} or ${rowsCovering({ from: period.previousFrom, to: period.previousTo })})
          ) counted
          group by key, week
        ), ranked as (
          select key, sum(n)::int as n, sum(calls)::int as calls, sum(previous)::int as previous,
            array_agg(week) filter (where n > 0) as weeks, array_agg(n) filter (where n > 0) as counts
          from weekly
          group by key
          order by n desc, previous desc, key
          limit ${INSIGHT_ROWS_MAX}
        )
        select r.key, r.n, r.calls, r.previous, r.weeks, r.counts, ${names.columns}
        from ranked r ${names.joins}
        order by r.n desc, r.previous desc, r.key`,
  );

/** One count per week of the period, zeros included, oldest first. */
const weeklyOf = (period: Period, row: CountRow) => {
  const counts = new Map((row.weeks ?? []).map((week, i) => [week, row.counts![i]]));
  return weeklyRates(
    period.weeks.map((week, i) => ({ week, count: counts.get(i) ?? 0 })),
    period,
  );
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
  const period = await periodWithCalls(db, query, now);
  const rows = await countsOf<{
    question: string | null;
    kind: 'objection' | 'faq' | null;
    label: string | null;
    label_kind: 'objection' | 'faq' | null;
    label_category: string | null;
  }>(db, 'item', query, period, {
    columns: sql`d.question, d.kind, l.label, l.item_kind as label_kind, l.category as label_category`,
    joins: sql`left join dictionary_items d on d.id::text = r.key left join insight_labels l on l.kind = 'item' and l.key = r.key`,
  });
  const items = rows.map(
    (row): InsightItem => ({
      key: row.key,
      // Kind and category as the calls reported them (insight_labels, written with every count),
      // the same for items known by id, by question and deleted ones.
      kind: row.label_kind ?? row.kind ?? (row.key.startsWith('q:faq:') ? 'faq' : 'objection'),
      label: row.question ?? row.label ?? row.key,
      category: row.label_category ?? '',
      deleted: row.question === null && isIdKey(row.key),
      detections: row.n,
      calls: row.calls,
      previousDetections: row.previous,
      change: row.n - row.previous,
      ...rateFieldsOf(row.n, row.previous, period),
      weekly: weeklyOf(period, row),
    }),
  );
  const risers = items
    .filter((item) => item.trend === 'rising')
    .sort((a, b) => b.rateChange! - a.rateChange! || b.detections - a.detections || (a.key < b.key ? -1 : 1))
    .slice(0, RISERS_MAX)
    .map((item) => item.key);
  return { period, items, risers };
};

/**
 * New inquiries in the period by group (docs/insights-grouping.md): a phrasing the
 * grouping job has not seen yet is a group of its own (pending). A group's `calls` is its
 * phrasings' calls plus its overlap corrections (metric inquiry_overlap, negative: a call that
 * asked k of its phrasings adds -(k-1)), so a call counts once per group, as the Sessions list
 * filtered by the group lists it.
 */
export const insightInquiries = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightInquiries> => {
  const period = await periodWithCalls(db, query, now);
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
          where metric = 'inquiry' and ${scopeOf(query)} and ${rowsCovering(period)}
          group by key
        ), phrases as (
          select coalesce(p.group_id, p.id) as group_key, p.group_id is null as pending, p.text, pp.n, pp.calls,
            row_number() over (partition by coalesce(p.group_id, p.id) order by pp.n desc, p.text) as rank
          from per_phrase pp
          join insight_inquiry_phrases p on p.id = pp.key::uuid
        ), overlap_calls as (
          select key, sum(calls)::int as calls
          from insight_counts
          where metric = 'inquiry_overlap' and ${scopeOf(query)} and ${rowsCovering(period)}
          group by key
        ), by_group as (
          select group_key::text, sum(n)::int as occurrences, sum(calls)::int as calls, count(*)::int as phrasings,
            array_agg(text order by rank) filter (where rank <= 3) as examples, bool_or(pending) as pending
          from phrases
          group by group_key
        )
        select g.group_key, g.occurrences, g.calls + coalesce(o.calls, 0) as calls, g.phrasings, g.examples, g.pending
        from by_group g
        left join overlap_calls o on o.key = g.group_key
        order by g.occurrences desc, calls desc, g.group_key
        limit ${INSIGHT_ROWS_MAX}`,
  );
  const groups = rows.map(
    (row): InquiryGroup => ({
      key: row.group_key,
      label: row.examples[0],
      occurrences: row.occurrences,
      calls: row.calls,
      rate: ratePer100(row.occurrences, period.calls),
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
  const period = await periodWithCalls(db, query, now);
  const rows = await countsOf<{ trigger: string | null; label: string | null }>(db, 'landmine', query, period, {
    columns: sql`m.trigger, l.label`,
    joins: sql`left join landmines m on m.id::text = r.key left join insight_labels l on l.kind = 'landmine' and l.key = r.key`,
  });
  const byRep = new Map<string, { rep: string; hits: number }[]>();
  const add = (key: string, rep: string, hits: number) => byRep.set(key, [...(byRep.get(key) ?? []), { rep, hits }]);
  if (query.rep) {
    // The rows read are that rep's: its hits are the totals.
    for (const row of rows) if (row.n > 0) add(row.key, query.rep, row.n);
  } else if (rows.some((row) => row.n > 0)) {
    // Each rep's own rows, read by the primary key's prefix for every rep (none in the period: an empty descent).
    const perRep = await rowsOf<{ key: string; rep: string; hits: number }>(
      db,
      sql`select key, rep, sum(n)::int as hits
          from insight_counts
          where metric = 'landmine' and rep = any(${everyRep}) and status = ${query.status ?? ''} and ${rowsCovering(period)}
          group by key, rep`,
    );
    for (const row of perRep) add(row.key, row.rep, row.hits);
  }
  const landmines = rows.map(
    (row): InsightLandmine => ({
      key: row.key,
      label: row.trigger ?? row.label ?? row.key,
      deleted: row.trigger === null && isIdKey(row.key),
      hits: row.n,
      calls: row.calls,
      previousHits: row.previous,
      ...rateFieldsOf(row.n, row.previous, period),
      byRep: (byRep.get(row.key) ?? []).sort((a, b) => b.hits - a.hits || (a.rep < b.rep ? -1 : 1)),
      weekly: weeklyOf(period, row),
    }),
  );
  return { period, landmines };
};

/** What the page's filters offer: every rep with a finished call, and the first day with one. */
export const insightFilters = async (db: Database, _query?: InsightsQuery, _now = Date.now()): Promise<InsightFilters> => {
  const [row] = await rowsOf<{ first_day: string | null; reps: string[] }>(
    db,
    sql`select (select to_char(min(day), 'YYYY-MM-DD') from insight_rep_days) as first_day, ${everyRep} as reps`,
  );
  return { reps: row.reps, firstDay: row.first_day };
};
