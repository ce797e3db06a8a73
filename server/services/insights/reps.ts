import { sql } from 'drizzle-orm';
import type { InsightRep, InsightReps, InsightsQuery, RepMetrics } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { readTargetBands } from '../targetBands';
import { periodWithCalls } from './rates';
import { daysBetween, rowsOf, statusFilter, weekOfDay } from './read';
import { flagsOf, teamFences } from './repFlags';
import { median } from './statistics';

/** A rep's sums over some days (insight_rep_days' columns). */
interface RepSums {
  calls: number;
  duration_ms: number;
  talk_ms: number;
  sales_talk_ms: number;
  longest_monologue_ms: number;
  questions: number;
  alerts: number;
  landmines: number;
  sentiment_sum: number;
  sentiment_entries: number;
}

const ratio = (numerator: number, denominator: number): number | null => (denominator > 0 ? numerator / denominator : null);

const HOUR_MS = 3_600_000;

/** The rep figures of contract/insights.ts repMetricsSchema from the sums; null where a denominator is 0. */
export const repMetricsOf = (sums: RepSums): RepMetrics => ({
  calls: sums.calls,
  talkRatio: ratio(sums.sales_talk_ms, sums.talk_ms),
  longestMonologue: ratio(sums.longest_monologue_ms / 1_000, sums.calls),
  questionsPerCall: ratio(sums.questions, sums.calls),
  alertsPerHour: ratio(sums.alerts, sums.duration_ms / HOUR_MS),
  landmines: sums.landmines,
  sentiment: ratio(sums.sentiment_sum, sums.sentiment_entries),
});

/**
 * The user profiles of the reps' addresses (case aside), deleted ones left out: a rep is shown by
 * their name, and an address without a profile as the address with an offer to add the user.
 */
export const profilesOf = async (db: Database, emails: string[]) => {
  if (emails.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await rowsOf<{ email: string; id: string; name: string }>(
    db,
    sql`select distinct on (lower(email)) lower(email) as email, id::text, name from users
        where deleted_at is null and lower(email) in (${sql.join(
          emails.map((email) => sql`${email.toLowerCase()}`),
          sql`, `,
        )})
        order by lower(email), created_at`,
  );
  return new Map(rows.map((row) => [row.email, { id: row.id, name: row.name || row.email }]));
};

const roundedMedian = (values: number[]): number => Math.round(median(values) ?? 0);

/**
 * Each rep's figures in the period, weekly too, and the team's median of each figure over every
 * rep with calls in the period (the rep filter narrows the list, never the median: the page
 * compares a rep with the team). Counts' medians are rounded to whole calls and landmines.
 * One statement: per rep, and per rep and week (grouping sets), from insight_rep_days by day.
 */
export const insightReps = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightReps> => {
  const period = await periodWithCalls(db, query, now);
  const rows = await rowsOf<RepSums & { rep: string; week: string | null }>(
    db,
    sql`select rep, week, sum(calls)::int as calls, sum(duration_ms::float8) as duration_ms, sum(talk_ms::float8) as talk_ms,
          sum(sales_talk_ms::float8) as sales_talk_ms, sum(longest_monologue_ms::float8) as longest_monologue_ms,
          sum(questions)::int as questions, sum(alerts)::int as alerts, sum(landmines)::int as landmines,
          sum(sentiment_sum::float8) as sentiment_sum, sum(sentiment_entries)::int as sentiment_entries
        from (
          select *, ${weekOfDay} as week from insight_rep_days
          where ${daysBetween(period.from, period.to)} ${statusFilter(query)}
        ) days
        group by grouping sets ((rep), (rep, week))`,
  );
  const totals = rows.filter((row) => row.week === null && row.calls > 0);
  const weekly = new Map<string, Map<string, RepSums>>();
  for (const row of rows) {
    if (row.week === null) continue;
    const weeks = weekly.get(row.rep) ?? new Map<string, RepSums>();
    weeks.set(row.week, row);
    weekly.set(row.rep, weeks);
  }
  const figures = new Map(
    totals.map((row) => {
      const metrics = repMetricsOf(row);
      return [row.rep, { ...metrics, landminesPer10Calls: ratio(10 * metrics.landmines, metrics.calls) }];
    }),
  );
  const everyone = [...figures.values()];
  const fences = teamFences(everyone);
  const { bands: targets } = await readTargetBands(db);
  const profiles = await profilesOf(
    db,
    totals.map((row) => row.rep),
  );
  const teamMedian: InsightReps['teamMedian'] = {
    calls: roundedMedian(everyone.map((metrics) => metrics.calls)),
    talkRatio: median(everyone.map((metrics) => metrics.talkRatio)),
    longestMonologue: median(everyone.map((metrics) => metrics.longestMonologue)),
    questionsPerCall: median(everyone.map((metrics) => metrics.questionsPerCall)),
    alertsPerHour: median(everyone.map((metrics) => metrics.alertsPerHour)),
    landmines: roundedMedian(everyone.map((metrics) => metrics.landmines)),
    sentiment: median(everyone.map((metrics) => metrics.sentiment)),
    landminesPer10Calls: median(everyone.map((metrics) => metrics.landminesPer10Calls)),
  };
  const reps = totals
    .filter((row) => query.rep === undefined || row.rep === query.rep)
    .sort((a, b) => b.calls - a.calls || (a.rep < b.rep ? -1 : 1))
    .map(
      (row): InsightRep => ({
        rep: row.rep,
        name: profiles.get(row.rep.toLowerCase())?.name ?? null,
        userId: profiles.get(row.rep.toLowerCase())?.id ?? null,
        ...figures.get(row.rep)!,
        flags: flagsOf(figures.get(row.rep)!, fences, targets),
        weekly: period.weeks.map((week) => {
          const sums = weekly.get(row.rep)?.get(week);
          return sums
            ? {
                week,
                calls: sums.calls,
                talkRatio: ratio(sums.sales_talk_ms, sums.talk_ms),
                sentiment: ratio(sums.sentiment_sum, sums.sentiment_entries),
              }
            : { week, calls: 0, talkRatio: null, sentiment: null };
        }),
      }),
    );
  return { period, teamMedian, targets, reps };
};
