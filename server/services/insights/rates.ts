import { sql } from 'drizzle-orm';
import {
  INSIGHT_RATE_MIN_CALLS,
  INSIGHT_SIGNIFICANCE,
  type InsightPeriodCalls,
  type InsightPeriodRange,
  type InsightPeriodWithCalls,
  type InsightTrend,
  type InsightsQuery,
} from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { resolvePeriod } from './period';
import { rowsOf, statusFilter } from './read';

/* docs/insights.md "Rates and risers": the exact conditional test of two Poisson rates. */
export const ratePer100 = (occurrences: number, calls: number): number | null => (calls > 0 ? (100 * occurrences) / calls : null);

/** Beyond this the binomial is read by its normal approximation. */
const EXACT_MAX = 5_000;

/** Abramowitz and Stegun 7.1.26, within 1.5e-7. */
const normalUpperTail = (z: number): number => {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
};

/** Given n = k1 + k2, k1 is binomial(n, c1 / (c1 + c2)); the p-value sums the outcomes no likelier (as R's poisson.test). */
export const poissonRatesPValue = (k1: number, c1: number, k2: number, c2: number): number => {
  const n = k1 + k2;
  if (n === 0 || c1 <= 0 || c2 <= 0) return 1;
  const p = c1 / (c1 + c2);
  if (n > EXACT_MAX) {
    const mean = n * p;
    const z = (Math.abs(k1 - mean) - 0.5) / Math.sqrt(n * p * (1 - p));
    return Math.min(1, 2 * normalUpperTail(Math.max(0, z)));
  }
  const logPmf: number[] = new Array(n + 1);
  logPmf[0] = n * Math.log1p(-p);
  const odds = Math.log(p) - Math.log1p(-p);
  for (let k = 0; k < n; k += 1) logPmf[k + 1] = logPmf[k] + Math.log((n - k) / (k + 1)) + odds;
  // R's relative tolerance.
  const limit = logPmf[k1] + Math.log1p(1e-7);
  let total = 0;
  for (const value of logPmf) if (value <= limit) total += Math.exp(value);
  return Math.min(1, total);
};

/** null: a change that may be chance, or too few calls. */
export const trendOf = (current: number, calls: number, previous: number, previousCalls: number): InsightTrend => {
  if (calls < INSIGHT_RATE_MIN_CALLS || previousCalls < INSIGHT_RATE_MIN_CALLS) return null;
  if (poissonRatesPValue(current, calls, previous, previousCalls) >= INSIGHT_SIGNIFICANCE) return null;
  return current / calls > previous / previousCalls ? 'rising' : 'falling';
};

export const rateFieldsOf = (current: number, previous: number, calls: InsightPeriodCalls) => {
  const rate = ratePer100(current, calls.calls);
  const previousRate = ratePer100(previous, calls.previousCalls);
  return {
    rate,
    previousRate,
    rateChange: rate !== null && previousRate !== null ? rate - previousRate : null,
    trend: trendOf(current, calls.calls, previous, calls.previousCalls),
  };
};

/** From insight_rep_days: a call counts once there, on its day. */
export const callsOf = async (db: Database, query: InsightsQuery, period: InsightPeriodRange): Promise<InsightPeriodCalls> => {
  const rows = await rowsOf<{ week: number | null; calls: number }>(
    db,
    sql`select case when day >= ${period.from}::date then (day - ${period.weeks[0]}::date) / 7 end as week, sum(calls)::int as calls
        from insight_rep_days
        where day between ${period.previousFrom}::date and ${period.to}::date
          ${query.rep ? sql`and rep = ${query.rep}` : sql``} ${statusFilter(query)}
        group by 1`,
  );
  const weekly = period.weeks.map(() => 0);
  let calls = 0;
  let previousCalls = 0;
  for (const row of rows) {
    if (row.week === null) previousCalls += row.calls;
    else {
      calls += row.calls;
      weekly[row.week] += row.calls;
    }
  }
  return { calls, previousCalls, weeklyCalls: weekly };
};

export const periodWithCalls = async (db: Database, query: InsightsQuery, now: number): Promise<InsightPeriodWithCalls> => {
  const range = resolvePeriod(query, now);
  return { ...range, ...(await callsOf(db, query, range)) };
};

export const weeklyRates = (weekly: { week: string; count: number }[], period: InsightPeriodWithCalls) =>
  weekly.map((week, i) => ({ ...week, rate: ratePer100(week.count, period.weeklyCalls[i]) }));
