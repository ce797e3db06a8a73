import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/client';
import type { GeneratedSession } from '../../server/seed/sessions';
import { sessionEvents } from '../../server/seed/sessions/events';
import { answerEffects, callFromEvents } from '../../server/services/insights/call';
import { resolvePeriod } from '../../server/services/insights/period';
import { recordCalls } from '../../server/services/insights/record';
import {
  insightAnswersResponseSchema,
  insightFiltersResponseSchema,
  insightInquiriesResponseSchema,
  insightItemsResponseSchema,
  insightLandminesResponseSchema,
  insightRepsResponseSchema,
  type InsightsQueryInput,
} from '../../src/contract/insights';
import type { TestApp } from './apiApp';

/**
 * Whether the insights still say what the sessions say after sessions were erased: every
 * insights answer against the remaining sessions' own detail rows (as tests/api/insights.test.ts
 * checks them), and against the answers of aggregates recomputed from scratch from the remaining calls.
 */

export const INSIGHT_PARTS = ['items', 'inquiries', 'answers', 'reps', 'landmines', 'filters'] as const;
type Part = (typeof INSIGHT_PARTS)[number];
const SCHEMAS = {
  items: insightItemsResponseSchema,
  inquiries: insightInquiriesResponseSchema,
  answers: insightAnswersResponseSchema,
  reps: insightRepsResponseSchema,
  landmines: insightLandminesResponseSchema,
  filters: insightFiltersResponseSchema,
};

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export const readInsights = async (t: TestApp, headers: Record<string, string>, part: Part, query: InsightsQueryInput) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/insights/${part}${params.size ? `?${params}` : ''}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(SCHEMAS[part].parse(body)).toEqual(body);
  return body.data;
};

/** Every part's answer to every query, keyed `part query`. */
export const readEveryInsight = async (t: TestApp, headers: Record<string, string>, queries: readonly InsightsQueryInput[]) => {
  const answers: Record<string, unknown> = {};
  for (const query of queries)
    for (const part of INSIGHT_PARTS) answers[`${part} ${JSON.stringify(query)}`] = await readInsights(t, headers, part, query);
  return answers;
};

/** Numbers as float4 sums give them, to five significant digits: sums of the same values in another order differ in the last bits. */
export const roughly = (value: unknown): unknown => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(5));
  if (Array.isArray(value)) return value.map(roughly);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, roughly(entry)]));
  return value;
};

interface Filters {
  from: string;
  to: string;
  rep?: string;
  status?: 'completed' | 'failed';
}

/** Per key, occurrences and distinct calls of the remaining finished sessions' detail rows (detections, inquiry groups or landmine hits). */
export const countsFromDetails = async (db: Database, what: 'items' | 'inquiries' | 'landmines', filters: Filters) => {
  const source =
    what === 'landmines'
      ? sql`select h.landmine_key as key, h.session_id from session_landmine_hits h`
      : what === 'items'
        ? sql`select d.item_key as key, d.session_id from session_detections d where d.item_key not like 'inquiry:%'`
        : sql`select coalesce(p.group_id, p.id)::text as key, d.session_id from session_detections d
              join insight_inquiry_phrases p on d.item_key = 'inquiry:' || p.id::text`;
  const rows = await rowsOf<{ key: string; n: number; calls: number }>(
    db,
    sql`select o.key, count(*)::int as n, count(distinct o.session_id)::int as calls
        from (${source}) o join sessions s on s.id = o.session_id
        where s.status in ('completed', 'failed')
          and (s.start_time at time zone 'UTC')::date between ${filters.from}::date and ${filters.to}::date
          and (${filters.rep ?? null}::text is null or s.user_email = ${filters.rep ?? null})
          and (${filters.status ?? null}::text is null or s.status = ${filters.status ?? null})
        group by o.key`,
  );
  return new Map(rows.map((row) => [row.key, { n: row.n, calls: row.calls }]));
};

/** Finished calls per rep in the range, from the sessions table. */
export const callsPerRep = async (db: Database, filters: Filters) =>
  new Map(
    (
      await rowsOf<{ rep: string; calls: number }>(
        db,
        sql`select user_email as rep, count(*)::int as calls from sessions
            where status in ('completed', 'failed') and (start_time at time zone 'UTC')::date between ${filters.from}::date and ${filters.to}::date
              and (${filters.status ?? null}::text is null or status = ${filters.status ?? null})
            group by user_email`,
      )
    ).map((row) => [row.rep, row.calls]),
  );

/** The generated sessions still stored, finished, as the calls their completion recorded. */
export const remainingCalls = async (db: Database, generated: readonly GeneratedSession[]) => {
  const stored = new Set((await rowsOf<{ id: string }>(db, sql`select id::text from sessions`)).map((row) => row.id));
  return generated
    .filter((session) => stored.has(session.id) && session.status !== 'in_progress' && session.detail)
    .map((session) =>
      callFromEvents(
        {
          id: session.id,
          rep: session.userEmail,
          status: session.status as 'completed' | 'failed',
          startMs: session.startTime,
          endMs: session.startTime + session.duration * 1_000,
        },
        sessionEvents(session),
      ),
    );
};

/**
 * Checks every answer of `queries` against the remaining sessions' detail rows: items, inquiry
 * groups and landmines by key (occurrences and calls), reps by calls, objections by cases.
 */
export const expectInsightsMatchSessions = async (
  t: TestApp,
  headers: Record<string, string>,
  generated: readonly GeneratedSession[],
  queries: readonly Filters[],
) => {
  const calls = await remainingCalls(t.db, generated);
  const keyOf = new Map(
    (
      await rowsOf<{ id: string; seq: number; key: string }>(
        t.db,
        sql`select session_id::text as id, seq, item_key as key from session_detections`,
      )
    ).map((row) => [`${row.id}/${row.seq}`, row.key]),
  );
  for (const query of queries) {
    const label = JSON.stringify(query);
    const items = await readInsights(t, headers, 'items', query);
    const expectedItems = await countsFromDetails(t.db, 'items', query);
    expect(
      new Map(
        items.items
          .filter((item: { detections: number }) => item.detections > 0)
          .map((item: { key: string; detections: number; calls: number }) => [item.key, { n: item.detections, calls: item.calls }]),
      ),
      `items ${label}`,
    ).toEqual(expectedItems);
    // The previous period's detections, a total read by month where it can (services/insights/query.ts).
    const previous = resolvePeriod(query);
    const previousQuery = { ...query, from: previous.previousFrom, to: previous.previousTo };
    expect(
      new Map(
        items.items
          .filter((item: { previousDetections: number }) => item.previousDetections > 0)
          .map((item: { key: string; previousDetections: number }) => [item.key, item.previousDetections]),
      ),
      `items' previous period ${label}`,
    ).toEqual(new Map([...(await countsFromDetails(t.db, 'items', previousQuery))].map(([key, value]) => [key, value.n])));
    const landmines = await readInsights(t, headers, 'landmines', query);
    expect(
      new Map(
        landmines.landmines
          .filter((mine: { hits: number }) => mine.hits > 0)
          .map((mine: { key: string; hits: number; calls: number }) => [mine.key, { n: mine.hits, calls: mine.calls }]),
      ),
      `landmines ${label}`,
    ).toEqual(await countsFromDetails(t.db, 'landmines', query));
    expect(
      new Map(
        landmines.landmines
          .filter((mine: { previousHits: number }) => mine.previousHits > 0)
          .map((mine: { key: string; previousHits: number }) => [mine.key, mine.previousHits]),
      ),
      `landmines' previous period ${label}`,
    ).toEqual(new Map([...(await countsFromDetails(t.db, 'landmines', previousQuery))].map(([key, value]) => [key, value.n])));
    const inquiries = await readInsights(t, headers, 'inquiries', query);
    expect(
      new Map(
        inquiries.groups.map((group: { key: string; occurrences: number; calls: number }) => [
          group.key,
          { n: group.occurrences, calls: group.calls },
        ]),
      ),
      `inquiries ${label}`,
    ).toEqual(await countsFromDetails(t.db, 'inquiries', query));
    const reps = await readInsights(t, headers, 'reps', query);
    const perRep = await callsPerRep(t.db, query);
    expect(new Map(reps.reps.map((rep: { rep: string; calls: number }) => [rep.rep, rep.calls])), `reps ${label}`).toEqual(
      query.rep ? new Map([...perRep].filter(([rep]) => rep === query.rep)) : perRep,
    );

    // Objections: the cases and mean change of the remaining calls' own events.
    const cases = new Map<string, { cases: number; sum: number }>();
    for (const call of calls) {
      const day = new Date(call.startMs).toISOString().slice(0, 10);
      if (day < query.from || day > query.to || (query.rep && call.rep !== query.rep) || (query.status && call.status !== query.status))
        continue;
      for (const [seq, change] of answerEffects(call)) {
        const key = keyOf.get(`${call.id}/${seq}`)!;
        const entry = cases.get(key) ?? { cases: 0, sum: 0 };
        entry.cases += 1;
        entry.sum += change;
        cases.set(key, entry);
      }
    }
    const answers = await readInsights(t, headers, 'answers', query);
    expect(
      new Map(answers.objections.map((objection: { key: string; overall: { cases: number } }) => [objection.key, objection.overall.cases])),
      `answers ${label}`,
    ).toEqual(new Map([...cases].map(([key, entry]) => [key, entry.cases])));
    for (const objection of answers.objections as { key: string; overall: { cases: number; mean: number | null } }[])
      if (objection.overall.mean !== null)
        expect(objection.overall.mean).toBeCloseTo(cases.get(objection.key)!.sum / objection.overall.cases, 4);
  }
};

/**
 * The week and month rows of insight_counts and insight_answer_effects that are not the sums of
 * their days' rows (server/db/schema/insights.ts: a call is added to its day, its ISO week and
 * its month), each as the rows expected and found; none when every grain holds each call once.
 */
export const grainsDisagreeing = async (db: Database) => {
  const counts = await rowsOf<Record<string, unknown>>(
    db,
    sql`with days as (select * from insight_counts where grain = 'd'),
        expected as (
          select metric, rep, status, g.grain, g.day, key, sum(n)::int as n, sum(calls)::int as calls
          from days cross join lateral (values ('w', date_trunc('week', day::timestamp)::date), ('m', date_trunc('month', day::timestamp)::date)) as g(grain, day)
          group by metric, rep, status, g.grain, g.day, key
          having sum(n) <> 0 or sum(calls) <> 0
        ),
        found as (select metric, rep, status, grain, day, key, n, calls from insight_counts where grain <> 'd')
        select to_char(day, 'YYYY-MM-DD') as day, metric, rep, status, grain, key, e.n as expected_n, f.n as found_n, e.calls as expected_calls, f.calls as found_calls
        from expected e full join found f using (metric, rep, status, grain, day, key)
        where e.n is distinct from f.n or e.calls is distinct from f.calls`,
  );
  const effects = await rowsOf<Record<string, unknown>>(
    db,
    sql`with days as (select * from insight_answer_effects where grain = 'd'),
        expected as (
          select rep, status, g.grain, g.day, item_key, answer_key, sum(cases)::int as cases, sum(sum::float8) as sum
          from days cross join lateral (values ('w', date_trunc('week', day::timestamp)::date), ('m', date_trunc('month', day::timestamp)::date)) as g(grain, day)
          group by rep, status, g.grain, g.day, item_key, answer_key
          having sum(cases) <> 0
        ),
        found as (select rep, status, grain, day, item_key, answer_key, cases, sum from insight_answer_effects where grain <> 'd')
        select to_char(day, 'YYYY-MM-DD') as day, rep, status, grain, item_key, answer_key, e.cases as expected_cases, f.cases as found_cases
        from expected e full join found f using (rep, status, grain, day, item_key, answer_key)
        where e.cases is distinct from f.cases or abs(e.sum - f.sum) > 1e-3 * greatest(1, abs(e.sum))`,
  );
  return [...counts, ...effects];
};

const AGGREGATES = ['insight_counts', 'insight_answer_effects', 'insight_rep_days'] as const;

/**
 * The answers to `queries` of aggregates recomputed from scratch from `calls` (the remaining
 * calls), the incremental aggregates being put back afterwards. Nothing else may write meanwhile.
 */
export const answersRecomputed = async (
  t: TestApp,
  headers: Record<string, string>,
  calls: Parameters<typeof recordCalls>[1],
  queries: readonly InsightsQueryInput[],
) => {
  for (const table of AGGREGATES) await t.db.execute(sql.raw(`create table kept_${table} as select * from ${table}`));
  try {
    await t.db.transaction(async (tx) => {
      for (const table of AGGREGATES) await tx.execute(sql.raw(`delete from ${table}`));
      await recordCalls(tx, calls);
    });
    return await readEveryInsight(t, headers, queries);
  } finally {
    await t.db.transaction(async (tx) => {
      for (const table of AGGREGATES) {
        await tx.execute(sql.raw(`delete from ${table}`));
        await tx.execute(sql.raw(`insert into ${table} select * from kept_${table}`));
        await tx.execute(sql.raw(`drop table kept_${table}`));
      }
    });
  }
};
