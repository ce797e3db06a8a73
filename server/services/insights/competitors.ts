import { type SQL, sql } from 'drizzle-orm';
import { INSIGHT_ROWS_MAX, type InsightCompetitors, type InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { periodWithCalls, rateFieldsOf } from './rates';
import { rowsOf } from './read';

/** A UTC day's first instant, whatever the connection's TimeZone. */
const utcStart = (day: string, days = 0): SQL => sql`((${day}::date + ${days}::int)::timestamp at time zone 'UTC')`;

/**
 * docs/insights.md "Competitors": read from the mentions of the finished calls in the period (a few per call, indexed
 * by battlecard), so the calls counted are exactly those the Sessions list filtered by `competitorId` shows.
 */
export const insightCompetitors = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightCompetitors> => {
  const period = await periodWithCalls(db, query, now);
  const inPeriod = sql`s.start_time >= ${utcStart(period.from)}`;
  const rows = await rowsOf<{ key: string; label: string; mentions: number; calls: number; previous: number }>(
    db,
    sql`select b.id::text as key, b.name as label,
          (count(*) filter (where ${inPeriod}))::int as mentions,
          (count(distinct m.session_id) filter (where ${inPeriod}))::int as calls,
          (count(*) filter (where not ${inPeriod}))::int as previous
        from session_competitor_mentions m
        join sessions s on s.id = m.session_id
        join battlecards b on b.id = m.battlecard_id
        where s.start_time >= ${utcStart(period.previousFrom)} and s.start_time < ${utcStart(period.to, 1)}
          and ${query.status ? sql`s.status = ${query.status}` : sql`s.status in ('completed', 'failed')`}
          ${query.rep ? sql`and s.user_email = ${query.rep}` : sql``}
        group by b.id, b.name
        order by mentions desc, previous desc, b.name, b.id
        limit ${INSIGHT_ROWS_MAX}`,
  );
  return {
    period,
    competitors: rows.map((row) => ({
      key: row.key,
      label: row.label,
      mentions: row.mentions,
      calls: row.calls,
      previousMentions: row.previous,
      ...rateFieldsOf(row.mentions, row.previous, period),
    })),
  };
};
