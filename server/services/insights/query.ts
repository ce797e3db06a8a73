import { type SQL, sql } from 'drizzle-orm';
import {
  INSIGHT_ROWS_MAX,
  type AddedInquiryGroup,
  type InquiryAddedAs,
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

/* The read side (docs/insights.md): one function per part of the page, one or two statements over the aggregates. */
export { insightAnswers } from './answers';
export { insightCompetitors } from './competitors';
export { insightReps } from './reps';

type Period = InsightPeriodWithCalls;

/** `weeks` are places in period.weeks, `counts` in the same order; only weeks with some. */
interface CountRow {
  key: string;
  n: number;
  calls: number;
  previous: number;
  weeks: number[] | null;
  counts: number[] | null;
}

/**
 * One statement: the period's counts per key and ISO week (named by its place in period.weeks), and the previous
 * period's as a total, read by month where it can; the INSIGHT_ROWS_MAX keys with the most first.
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

const weeklyOf = (period: Period, row: CountRow) => {
  const counts = new Map((row.weeks ?? []).map((week, i) => [week, row.counts![i]]));
  return weeklyRates(
    period.weeks.map((week, i) => ({ week, count: counts.get(i) ?? 0 })),
    period,
  );
};

const RISERS_MAX = 5;

/** An item detected only in the previous period is listed too; a deleted item keeps its last name (insight_labels). */
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
      // As the calls reported them, the same for items known by id, by question and deleted ones.
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

/** A group's `calls` adds its overlap corrections, so a call counts once per group, as the filtered Sessions list shows. */
export const insightInquiries = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightInquiries> => {
  const period = await periodWithCalls(db, query, now);
  const rows = await rowsOf<{
    group_key: string;
    occurrences: number;
    calls: number;
    phrasings: number;
    examples: string[];
    pending: boolean;
    later_occurrences: number;
    later_phrasings: number;
    added_as: 'faq' | 'variation' | null;
    item_type: 'faq' | 'objection' | null;
    question: string | null;
  }>(
    db,
    sql`with per_phrase as (
          select key, sum(n)::int as n, sum(calls)::int as calls
          from insight_counts
          where metric = 'inquiry' and ${scopeOf(query)} and ${rowsCovering(period)}
          group by key
        ), phrases as (
          select coalesce(p.group_id, p.id) as group_key, p.group_id is null as pending, p.text, pp.n, pp.calls,
            row_number() over (partition by coalesce(p.group_id, p.id) order by pp.n desc, p.text) as rank,
            coalesce(p.created_at > a.added_at, false) as later
          from per_phrase pp
          join insight_inquiry_phrases p on p.id = pp.key::uuid
          left join insight_inquiry_added a on a.group_id = coalesce(p.group_id, p.id)
        ), overlap_calls as (
          select key, sum(calls)::int as calls
          from insight_counts
          where metric = 'inquiry_overlap' and ${scopeOf(query)} and ${rowsCovering(period)}
          group by key
        ), by_group as (
          select group_key::text, sum(n)::int as occurrences, sum(calls)::int as calls, count(*)::int as phrasings,
            array_agg(text order by rank) filter (where rank <= 3) as examples, bool_or(pending) as pending,
            coalesce(sum(n) filter (where later), 0)::int as later_occurrences, count(*) filter (where later)::int as later_phrasings
          from phrases
          group by group_key
        )
        select g.group_key, g.occurrences, g.calls + coalesce(o.calls, 0) as calls, g.phrasings, g.examples, g.pending,
          g.later_occurrences, g.later_phrasings, a.added_as, a.item_type, a.question
        from by_group g
        left join overlap_calls o on o.key = g.group_key
        left join insight_inquiry_added a on a.group_id::text = g.group_key
        order by g.occurrences desc, calls desc, g.group_key
        limit ${INSIGHT_ROWS_MAX}`,
  );
  const groupOf = (row: (typeof rows)[number]): InquiryGroup => ({
    key: row.group_key,
    label: row.examples[0],
    occurrences: row.occurrences,
    calls: row.calls,
    rate: ratePer100(row.occurrences, period.calls),
    examples: row.examples,
    phrasings: row.phrasings,
    pending: row.pending,
  });
  const addedAs = (row: (typeof rows)[number]): InquiryAddedAs | null => {
    if (row.added_as === null || row.question === null) return null;
    return row.added_as === 'faq'
      ? { as: 'faq', question: row.question }
      : { as: 'variation', type: row.item_type ?? 'faq', question: row.question };
  };
  const groups: InquiryGroup[] = [];
  const added: AddedInquiryGroup[] = [];
  for (const row of rows) {
    const as = addedAs(row);
    if (as) added.push({ ...groupOf(row), added: as, laterOccurrences: row.later_occurrences, laterPhrasings: row.later_phrasings });
    else groups.push(groupOf(row));
  }
  return { period, groups, added };
};

/** Named like the items: the current trigger while the landmine exists, else the kept name. */
export const insightLandmines = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightLandmines> => {
  const period = await periodWithCalls(db, query, now);
  const rows = await countsOf<{ trigger: string | null; label: string | null }>(db, 'landmine', query, period, {
    columns: sql`m.trigger, l.label`,
    joins: sql`left join landmines m on m.id::text = r.key left join insight_labels l on l.kind = 'landmine' and l.key = r.key`,
  });
  const byRep = new Map<string, { rep: string; hits: number }[]>();
  const add = (key: string, rep: string, hits: number) => byRep.set(key, [...(byRep.get(key) ?? []), { rep, hits }]);
  if (query.rep) {
    for (const row of rows) if (row.n > 0) add(row.key, query.rep, row.n);
  } else if (rows.some((row) => row.n > 0)) {
    // Each rep's rows by the primary key's prefix (none in the period: an empty descent).
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

export const insightFilters = async (db: Database, _query?: InsightsQuery, _now = Date.now()): Promise<InsightFilters> => {
  const [row] = await rowsOf<{ first_day: string | null; reps: string[] }>(
    db,
    sql`select (select to_char(min(day), 'YYYY-MM-DD') from insight_rep_days) as first_day, ${everyRep} as reps`,
  );
  return { reps: row.reps, firstDay: row.first_day };
};
