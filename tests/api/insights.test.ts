import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { sql } from 'drizzle-orm';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { sessionEvents } from '../../server/seed/sessions/events';
import { answerEffects, callFromEvents, repFacts } from '../../server/services/insights/call';
import { resolvePeriod, weekOf } from '../../server/services/insights/period';
import { trendOf } from '../../server/services/insights/rates';
import { flagsOf, teamFences } from '../../server/services/insights/repFlags';
import { insightInquiries, insightItems, insightReps } from '../../server/services/insights/query';
import {
  DEFAULT_TARGET_BANDS,
  insightAnswersResponseSchema,
  insightFiltersResponseSchema,
  insightInquiriesResponseSchema,
  insightItemsResponseSchema,
  insightLandminesResponseSchema,
  insightRepsResponseSchema,
  type InsightsQueryInput,
} from '../../src/contract/insights';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, sentiment, sessionBody, transcript } from '../support/assistant';
import { bearer, signUp } from '../support/identity';
import { grainsDisagreeing } from '../support/insightsAgreement';

/**
 * GET /api/insights/*: the figures read from the aggregates (services/insights/query.ts) against
 * the same figures computed from the sessions' own detail rows, on generated calls (some recorded
 * before the dictionary existed, so keyed by question and trigger, the rest by id) and on a call
 * ingested through the assistant's API.
 */

const PARTS = ['items', 'inquiries', 'answers', 'reps', 'landmines', 'filters'] as const;
const SCHEMAS = {
  items: insightItemsResponseSchema,
  inquiries: insightInquiriesResponseSchema,
  answers: insightAnswersResponseSchema,
  reps: insightRepsResponseSchema,
  landmines: insightLandminesResponseSchema,
  filters: insightFiltersResponseSchema,
};

/** The calls lie in the 180 days before `now`; the live call (support/assistant.ts) starts 2026-03-02. */
const now = Date.parse('2026-03-05T12:00:00Z');
const BEFORE_DICTIONARY = 30;
const AFTER_DICTIONARY = 130;
const first = [...generateSessions(0, BEFORE_DICTIONARY, { seed: 77, now })];
const second = [...generateSessions(BEFORE_DICTIONARY, AFTER_DICTIONARY, { seed: 77, now })];
const generated = [...first, ...second];
const finished = generated.filter((session) => session.status !== 'in_progress');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A detail row as the insights count it: its key, its call and the call's rep, status and UTC day. */
interface Occurrence {
  key: string;
  session: string;
  seq: number;
  rep: string;
  status: 'completed' | 'failed';
  day: string;
}
interface Filters {
  from: string;
  to: string;
  rep?: string;
  status?: 'completed' | 'failed';
}
const within = (row: Pick<Occurrence, 'day' | 'rep' | 'status'>, filters: Filters) =>
  row.day >= filters.from &&
  row.day <= filters.to &&
  (filters.rep === undefined || row.rep === filters.rep) &&
  (filters.status === undefined || row.status === filters.status);

/** Occurrences and calls per key. */
const countByKey = (rows: Occurrence[], filters: Filters) => {
  const counts = new Map<string, { n: number; calls: Set<string> }>();
  for (const row of rows) {
    if (!within(row, filters)) continue;
    const entry = counts.get(row.key) ?? { n: 0, calls: new Set<string>() };
    entry.n += 1;
    entry.calls.add(row.session);
    counts.set(row.key, entry);
  }
  return counts;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

describe.each(DB_KINDS)('insights (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    // Calls before the dictionary: keyed `q:<kind>:<question>` and `t:<trigger>`; after it, by id.
    await t.db.transaction((tx) => insertSessionBatch(tx, first));
    expect(await seedDictionary({ db: t.db })).toBe(true);
    await t.db.transaction((tx) => insertSessionBatch(tx, second));
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** The detail rows the insights count, from session_detections or session_landmine_hits joined to their sessions. */
  const occurrences = (table: 'detections' | 'landmines') =>
    rows<Occurrence>(
      table === 'detections'
        ? sql`select d.item_key as key, d.session_id::text as session, d.seq, s.user_email as rep, s.status,
                to_char(s.start_time at time zone 'UTC', 'YYYY-MM-DD') as day
              from session_detections d join sessions s on s.id = d.session_id
              where s.status in ('completed', 'failed')`
        : sql`select h.landmine_key as key, h.session_id::text as session, h.seq, s.user_email as rep, s.status,
                to_char(s.start_time at time zone 'UTC', 'YYYY-MM-DD') as day
              from session_landmine_hits h join sessions s on s.id = h.session_id
              where s.status in ('completed', 'failed')`,
    );
  const itemOccurrences = async () => (await occurrences('detections')).filter((row) => !row.key.startsWith('inquiry:'));

  const get = (path: string, query: InsightsQueryInput = {}, extra = headers) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    return t.app.inject({ method: 'GET', url: `/api/insights/${path}${params.size ? `?${params}` : ''}`, headers: extra });
  };
  const read = async <P extends (typeof PARTS)[number]>(path: P, query: InsightsQueryInput = {}) => {
    const response = await get(path, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // The answer is the contract's shape, nothing more (strict: no stray keys).
    expect(SCHEMAS[path].parse(body)).toEqual(body);
    return body.data as ReturnType<(typeof SCHEMAS)[P]['parse']>['data'];
  };

  /**
   * Ranges: the last 90 days before now, a month in the middle of the data, and a Wednesday to a
   * Wednesday whose previous period (2025-09-30 to 2025-12-16) is read as a day, two whole months,
   * two whole weeks and two days (services/insights/query.ts reads a previous total by month).
   */
  const last90 = resolvePeriod({ period: '90d' }, now);
  const RANGES = [
    { from: last90.from, to: last90.to },
    { from: '2025-11-10', to: '2025-12-09' },
    { from: '2025-12-17', to: '2026-03-04' },
  ];
  const busiestRep = () => {
    const calls = new Map<string, number>();
    for (const session of finished) calls.set(session.userEmail, (calls.get(session.userEmail) ?? 0) + 1);
    return [...calls].sort((a, b) => b[1] - a[1])[0][0];
  };

  /** The finished calls of the filters in a range, from the generated sessions themselves. */
  const callsIn = (filters: Filters) =>
    finished.filter((session) =>
      within({ day: dayOf(session.startTime), rep: session.userEmail, status: session.status as 'completed' | 'failed' }, filters),
    ).length;
  /** The period an answer states: its days, its calls, the previous period's calls and each week's. */
  const periodOf = (range: { from: string; to: string }, filters: Omit<Filters, 'from' | 'to'> = {}) => {
    const period = resolvePeriod(range);
    return {
      ...period,
      calls: callsIn({ ...filters, ...range }),
      previousCalls: callsIn({ ...filters, from: period.previousFrom, to: period.previousTo }),
      weeklyCalls: period.weeks.map(
        (monday) =>
          finished.filter(
            (session) =>
              weekOf(dayOf(session.startTime)) === monday &&
              within(
                { day: dayOf(session.startTime), rep: session.userEmail, status: session.status as 'completed' | 'failed' },
                {
                  ...filters,
                  ...range,
                },
              ),
          ).length,
      ),
    };
  };
  const per100 = (n: number, calls: number) => (calls > 0 ? (100 * n) / calls : null);

  it('has generated calls of both statuses, in both periods, by several reps', () => {
    const statuses = new Set(finished.map((session) => session.status));
    expect(statuses).toEqual(new Set(['completed', 'failed']));
    expect(new Set(finished.map((session) => session.userEmail)).size).toBeGreaterThan(3);
    expect(finished.some((session) => dayOf(session.startTime) < last90.from)).toBe(true);
  });

  it('counts objections and FAQs as their detection rows do, with and without rep and status filters, for periods and ranges', async () => {
    const all = await itemOccurrences();
    expect(all.some((row) => row.key.startsWith('q:'))).toBe(true);
    expect(all.some((row) => !row.key.startsWith('q:'))).toBe(true);
    const rep = busiestRep();
    const filterSets: Omit<Filters, 'from' | 'to'>[] = [
      {},
      { rep },
      { status: 'completed' },
      { status: 'failed' },
      { rep, status: 'completed' },
    ];
    let compared = 0;
    let risers = 0;
    for (const range of RANGES) {
      for (const filters of filterSets) {
        const query = { ...range, ...filters };
        const data = await read('items', query);
        const period = periodOf(range, filters);
        expect(data.period).toEqual(period);
        expect(period.calls).toBeGreaterThan(0);
        const current = countByKey(all, { ...query });
        const previous = countByKey(all, { ...filters, from: period.previousFrom, to: period.previousTo });
        const keys = new Set([...current.keys(), ...previous.keys()]);
        expect(new Set(data.items.map((item) => item.key)), JSON.stringify(query)).toEqual(keys);
        for (const item of data.items) {
          const expected = { n: current.get(item.key)?.n ?? 0, calls: current.get(item.key)?.calls.size ?? 0 };
          expect(
            { detections: item.detections, calls: item.calls, previous: item.previousDetections },
            `${item.key} ${JSON.stringify(query)}`,
          ).toEqual({ detections: expected.n, calls: expected.calls, previous: previous.get(item.key)?.n ?? 0 });
          expect(item.change).toBe(item.detections - item.previousDetections);
          const rate = per100(item.detections, period.calls);
          const previousRate = per100(item.previousDetections, period.previousCalls);
          expect(item.rate).toBeCloseTo(rate!, 10);
          if (previousRate === null) expect(item.previousRate).toBeNull();
          else expect(item.previousRate).toBeCloseTo(previousRate, 10);
          expect(item.trend).toBe(trendOf(item.detections, period.calls, item.previousDetections, period.previousCalls));
          // Weekly: the period's detections by ISO week, and per 100 of the week's calls
          const weekly = new Map<string, number>();
          for (const row of all)
            if (row.key === item.key && within(row, query)) weekly.set(weekOf(row.day), (weekly.get(weekOf(row.day)) ?? 0) + 1);
          expect(item.weekly).toEqual(
            period.weeks.map((week, i) => ({
              week,
              count: weekly.get(week) ?? 0,
              rate: per100(weekly.get(week) ?? 0, period.weeklyCalls[i]),
            })),
          );
          compared += 1;
        }
        // Most detected first; those that fell to 0 come last
        const detections = data.items.map((item) => item.detections);
        expect(detections).toEqual([...detections].sort((a, b) => b - a));
        const rising = data.items.filter((item) => item.trend === 'rising').sort((a, b) => b.rateChange! - a.rateChange!);
        expect(data.risers.length).toBe(Math.min(5, rising.length));
        expect(data.risers.map((key) => data.items.find((item) => item.key === key)!.rateChange)).toEqual(
          rising.slice(0, 5).map((item) => item.rateChange),
        );
        risers += data.risers.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
    // The riser rule was exercised, not only its absence.
    expect(risers).toBeGreaterThan(0);
  });

  it('names items by the dictionary while they exist, and by the question the assistant reported otherwise', async () => {
    const data = await read('items', RANGES[0]);
    const dictionary = await rows<{ id: string; question: string; kind: string; category: string }>(
      sql`select id::text, question, kind, category from dictionary_items where is_original`,
    );
    const byId = new Map(dictionary.map((item) => [item.id, item]));
    const byQuestion = data.items.filter((item) => item.key.startsWith('q:'));
    const byIdKey = data.items.filter((item) => !item.key.startsWith('q:'));
    expect(byQuestion.length).toBeGreaterThan(0);
    expect(byIdKey.length).toBeGreaterThan(0);
    for (const item of byIdKey) {
      const current = byId.get(item.key);
      expect(current, item.key).toBeDefined();
      expect(item).toMatchObject({ label: current!.question, kind: current!.kind, deleted: false });
      // The category the assistant reported with its detections (the demo calls' OBJECTION categories, FAQ)
      expect(item.category).toEqual(item.kind === 'faq' ? 'FAQ' : expect.stringMatching(/OBJECTION$/));
    }
    for (const item of byQuestion) {
      const [, itemKind, question] = /^q:(objection|faq):(.*)$/.exec(item.key)!;
      expect(item.kind).toBe(itemKind);
      expect(item.label.toLowerCase().replace(/\s+/g, ' ').trim()).toBe(question);
      expect(item.deleted).toBe(false);
      expect(item.category).not.toBe('');
    }
  });

  it('reads the default period (30 days ending today) and 7 and 90 days', async () => {
    const all = await itemOccurrences();
    for (const query of [{}, { period: '7d' as const }, { period: '90d' as const }]) {
      const data = await insightItems(t.db, query, now);
      const period = resolvePeriod(query, now);
      expect(data.period).toEqual({ ...periodOf(period), ...period });
      const expected = countByKey(all, period);
      expect(data.items.filter((item) => item.detections > 0).map((item) => [item.key, item.detections])).toEqual(
        expect.arrayContaining([...expected].map(([key, value]) => [key, value.n])),
      );
      expect(data.items.filter((item) => item.detections > 0)).toHaveLength(expected.size);
    }
  });

  it('counts new inquiries per phrasing, each its own pending group until grouped, then by group', async () => {
    const inquiries = (await occurrences('detections'))
      .filter((row) => row.key.startsWith('inquiry:'))
      .map((row) => ({ ...row, key: row.key.slice('inquiry:'.length) }));
    const texts = new Map(
      (await rows<{ id: string; text: string }>(sql`select id::text, text from insight_inquiry_phrases`)).map((row) => [row.id, row.text]),
    );
    const range = RANGES[0];
    const expected = countByKey(inquiries, range);
    expect(expected.size).toBeGreaterThan(2);
    const data = await read('inquiries', range);
    expect(data.groups).toHaveLength(expected.size);
    for (const group of data.groups) {
      expect(group).toEqual({
        key: group.key,
        label: texts.get(group.key),
        occurrences: expected.get(group.key)!.n,
        calls: expected.get(group.key)!.calls.size,
        rate: per100(expected.get(group.key)!.n, callsIn(range)),
        examples: [texts.get(group.key)],
        phrasings: 1,
        pending: true,
      });
    }
    const occurrencesList = data.groups.map((group) => group.occurrences);
    expect(occurrencesList).toEqual([...occurrencesList].sort((a, b) => b - a));

    // The grouping job puts two phrasings in one group: the group adds them up, the more frequent names it.
    const [a, b] = data.groups.slice(0, 2);
    await t.db.execute(sql`update insight_inquiry_phrases set group_id = ${a.key}::uuid where id in (${a.key}::uuid, ${b.key}::uuid)`);
    try {
      const grouped = await insightInquiries(t.db, range, now);
      expect(grouped.groups).toHaveLength(data.groups.length - 1);
      expect(grouped.groups.find((group) => group.key === b.key)).toBeUndefined();
      expect(grouped.groups.find((group) => group.key === a.key)).toEqual({
        key: a.key,
        label: a.label,
        occurrences: a.occurrences + b.occurrences,
        // Set by hand, the groups get none of the grouping job's corrections for calls that asked
        // both phrasings: tests/api/insightsInquiryCalls.test.ts checks the calls through the job.
        calls: expect.any(Number),
        rate: per100(a.occurrences + b.occurrences, callsIn(range)),
        examples: [a.label, b.label],
        phrasings: 2,
        pending: false,
      });
    } finally {
      await t.db.execute(sql`update insight_inquiry_phrases set group_id = null`);
    }
  });

  it('measures the sentiment change after each objection as the calls give it, overall, per answer and per rep', async () => {
    const keyOf = new Map((await itemOccurrences()).map((row) => [`${row.session}/${row.seq}`, row.key]));
    const range = RANGES[0];
    const expected = new Map<string, { cases: number; sum: number; reps: Map<string, number> }>();
    for (const session of finished) {
      const day = dayOf(session.startTime);
      if (day < range.from || day > range.to) continue;
      const call = callFromEvents(
        {
          id: session.id,
          rep: session.userEmail,
          status: session.status as 'completed',
          startMs: session.startTime,
          endMs: session.startTime + session.duration * 1000,
        },
        sessionEvents(session),
      );
      for (const [seq, change] of answerEffects(call)) {
        const key = keyOf.get(`${session.id}/${seq}`)!;
        const entry = expected.get(key) ?? { cases: 0, sum: 0, reps: new Map<string, number>() };
        entry.cases += 1;
        entry.sum += change;
        entry.reps.set(session.userEmail, (entry.reps.get(session.userEmail) ?? 0) + 1);
        expected.set(key, entry);
      }
    }
    expect(expected.size).toBeGreaterThan(3);
    const data = await read('answers', range);
    expect(new Set(data.objections.map((objection) => objection.key))).toEqual(new Set(expected.keys()));
    let withFigures = 0;
    for (const objection of data.objections) {
      const want = expected.get(objection.key)!;
      expect(objection.overall.cases).toBe(want.cases);
      if (want.cases >= 5) {
        withFigures += 1;
        expect(objection.overall.mean).toBeCloseTo(want.sum / want.cases, 4);
        expect(objection.overall.low!).toBeLessThanOrEqual(objection.overall.mean!);
        expect(objection.overall.high!).toBeGreaterThanOrEqual(objection.overall.mean!);
      } else expect(objection.overall).toEqual({ cases: want.cases, mean: null, low: null, high: null });
      expect(objection.byAnswer.reduce((total, answer) => total + answer.cases, 0)).toBe(want.cases);
      for (const answer of objection.byAnswer) expect(answer.answer).not.toBe('');
      expect(new Map(objection.byRep.map((rep) => [rep.rep, rep.cases]))).toEqual(want.reps);
    }
    expect(withFigures).toBeGreaterThan(0);
    const cases = data.objections.map((objection) => objection.overall.cases);
    expect(cases).toEqual([...cases].sort((x, y) => y - x));

    // A rep filter reads that rep's rows only
    const rep = busiestRep();
    const mine = await read('answers', { ...range, rep });
    for (const objection of mine.objections) {
      const want = expected.get(objection.key)!.reps.get(rep);
      expect(objection.overall.cases).toBe(want);
      expect(objection.byRep).toEqual([{ rep, ...objection.overall }]);
    }
  });

  it('gives each rep the calls and figures of their sessions, beside the team median', async () => {
    const named = { email: busiestRep(), name: 'Busy Rep' };
    await t.db.execute(
      sql`insert into users (uid, email, name) values ('insights-named-rep', ${named.email.toUpperCase()}, ${named.name})`,
    );
    let flagged = 0;
    for (const range of RANGES) {
      const inRange = finished.filter((session) => dayOf(session.startTime) >= range.from && dayOf(session.startTime) <= range.to);
      const perRep = new Map<string, (typeof inRange)[number][]>();
      for (const session of inRange) perRep.set(session.userEmail, [...(perRep.get(session.userEmail) ?? []), session]);
      const data = await read('reps', range);
      expect(data.reps.map((rep) => [rep.rep, rep.calls])).toEqual(
        [...perRep].map(([rep, list]) => [rep, list.length]).sort((a, b) => (b[1] as number) - (a[1] as number) || (a[0] < b[0] ? -1 : 1)),
      );
      // The sessions table agrees
      const counted = await rows<{ rep: string; calls: number }>(
        sql`select user_email as rep, count(*)::int as calls from sessions
            where status in ('completed', 'failed') and (start_time at time zone 'UTC')::date between ${range.from}::date and ${range.to}::date
            group by user_email`,
      );
      expect(new Map(data.reps.map((rep) => [rep.rep, rep.calls]))).toEqual(new Map(counted.map((row) => [row.rep, row.calls])));
      expect(data.teamMedian.calls).toBe(Math.round(median(data.reps.map((rep) => rep.calls))));
      for (const rep of data.reps) {
        const facts = perRep.get(rep.rep)!.map((session) =>
          repFacts(
            callFromEvents(
              {
                id: session.id,
                rep: session.userEmail,
                status: 'completed',
                startMs: session.startTime,
                endMs: session.startTime + session.duration * 1000,
              },
              sessionEvents(session),
            ),
          ),
        );
        const total = (pick: (fact: (typeof facts)[number]) => number) => facts.reduce((sum, fact) => sum + pick(fact), 0);
        expect(rep.talkRatio).toBeCloseTo(total((f) => f.salesTalkMs) / total((f) => f.talkMs), 4);
        expect(rep.longestMonologue).toBeCloseTo(total((f) => f.longestMonologueMs) / facts.length / 1000, 2);
        expect(rep.questionsPerCall).toBeCloseTo(total((f) => f.questions) / facts.length, 6);
        expect(rep.alertsPerHour).toBeCloseTo(total((f) => f.alerts) / (total((f) => f.durationMs) / 3.6e6), 3);
        expect(rep.landmines).toBe(total((f) => f.landmines));
        expect(rep.sentiment).toBeCloseTo(total((f) => f.sentimentSum) / total((f) => f.sentimentEntries), 4);
        expect(rep.weekly.map((week) => week.week)).toEqual(resolvePeriod(range).weeks);
        expect(rep.weekly.reduce((sum, week) => sum + week.calls, 0)).toBe(rep.calls);
      }
      // Names from the user profiles; the flags as the rule gives them on the figures shown.
      const fences = teamFences(data.reps);
      for (const rep of data.reps) {
        expect(rep.name).toBe(rep.rep === named.email ? named.name : null);
        expect(rep.landminesPer10Calls).toBeCloseTo((10 * rep.landmines) / rep.calls, 10);
        expect(rep.flags).toEqual(flagsOf(rep, fences, DEFAULT_TARGET_BANDS));
        flagged += rep.flags.length;
      }
      // A rep filter narrows the list, not the median
      const one = await read('reps', { ...range, rep: data.reps[0].rep });
      expect(one.reps).toEqual([data.reps[0]]);
      expect(one.teamMedian).toEqual(data.teamMedian);
    }
    expect(flagged).toBeGreaterThan(0);
    await t.db.execute(sql`delete from users where uid = 'insights-named-rep'`);
  });

  it('counts landmine hits as their hit rows do, per rep and week, against the previous period', async () => {
    const all = await occurrences('landmines');
    expect(all.some((row) => row.key.startsWith('t:'))).toBe(true);
    expect(all.some((row) => !row.key.startsWith('t:'))).toBe(true);
    const rep = busiestRep();
    for (const range of RANGES) {
      for (const filters of [{}, { rep }, { status: 'completed' as const }]) {
        const query = { ...range, ...filters };
        const period = periodOf(range, filters);
        const current = countByKey(all, query);
        const previous = countByKey(all, { ...filters, from: period.previousFrom, to: period.previousTo });
        const data = await read('landmines', query);
        expect(data.period).toEqual(period);
        expect(new Set(data.landmines.map((landmine) => landmine.key))).toEqual(new Set([...current.keys(), ...previous.keys()]));
        for (const landmine of data.landmines) {
          expect([landmine.hits, landmine.calls, landmine.previousHits], landmine.key).toEqual([
            current.get(landmine.key)?.n ?? 0,
            current.get(landmine.key)?.calls.size ?? 0,
            previous.get(landmine.key)?.n ?? 0,
          ]);
          const byRep = new Map<string, number>();
          for (const row of all) if (row.key === landmine.key && within(row, query)) byRep.set(row.rep, (byRep.get(row.rep) ?? 0) + 1);
          expect(new Map(landmine.byRep.map((entry) => [entry.rep, entry.hits]))).toEqual(byRep);
          expect(landmine.weekly.reduce((sum, week) => sum + week.count, 0)).toBe(landmine.hits);
          expect(landmine.rate).toBeCloseTo(per100(landmine.hits, period.calls)!, 10);
          expect(landmine.trend).toBe(trendOf(landmine.hits, period.calls, landmine.previousHits, period.previousCalls));
          expect(landmine.weekly.map((week) => week.rate)).toEqual(
            landmine.weekly.map((week, i) => per100(week.count, period.weeklyCalls[i])),
          );
          expect(landmine.deleted).toBe(false);
        }
      }
    }
  });

  it('keeps each call once in its day, its week and its month', async () => {
    expect(await grainsDisagreeing(t.db)).toEqual([]);
    const [{ months }] = await rows<{ months: number }>(sql`select count(*)::int as months from insight_counts where grain = 'm'`);
    expect(months).toBeGreaterThan(0);
  });

  it('gives the calls counted before the counts kept month rows their month rows (migration 0012)', async () => {
    const query = { from: '2025-09-01', to: '2026-03-04' };
    const before = {
      items: await read('items', query),
      landmines: await read('landmines', query),
      inquiries: await read('inquiries', query),
    };
    const migration = readFileSync(resolvePath(import.meta.dirname, '../../server/migrations/0012_insight_count_months.sql'), 'utf8');
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from insight_counts where grain = 'm'`);
      await tx.execute(sql.raw(migration));
    });
    expect(await grainsDisagreeing(t.db)).toEqual([]);
    expect({
      items: await read('items', query),
      landmines: await read('landmines', query),
      inquiries: await read('inquiries', query),
    }).toEqual(before);
  });

  it('offers every rep with a finished call and the first day with one', async () => {
    const data = await read('filters');
    expect(data.reps).toEqual([...new Set(finished.map((session) => session.userEmail))].sort());
    expect(data.firstDay).toBe(finished.map((session) => dayOf(session.startTime)).sort()[0]);
  });

  it('counts a call ingested through the assistant API as soon as it completes', async () => {
    const key = (await createKey(t, headers, ['sessions:write'])).headers;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
    const [objection] = await rows<{ id: string; variation: string }>(
      sql`select o.id::text, v.id::text as variation from dictionary_items o join dictionary_items v on v.parent_id = o.id
          where o.kind = 'objection' order by o.question limit 1`,
    );
    const [mine] = await rows<{ id: string; trigger: string }>(sql`select id::text, trigger from landmines order by trigger limit 1`);
    const range = { from: '2026-03-02', to: '2026-03-02' };
    const before = {
      items: await read('items', range),
      landmines: await read('landmines', range),
    };
    const body = sessionBody({ userEmail: 'live.rep@insights.test' });
    expect((await post('/sessions', body)).statusCode).toBe(201);
    const detectionOf = (seq: number, seconds: number, itemId: string) => ({
      seq,
      type: 'detection',
      timestamp: at(seconds),
      category: 'PRICE_OBJECTION',
      relevance_score: 0.9,
      question: 'Sounds expensive',
      answer: 'It pays for itself.',
      itemId,
    });
    const events = [
      transcript(1, 1, 'customer', 'Sounds expensive.'),
      sentiment(2, 1, 'customer', 'angry', 0.8),
      detectionOf(3, 2, objection.id),
      transcript(4, 3, 'salesperson', 'What would it save you?'),
      // A variation's id counts under its original
      detectionOf(5, 4, objection.variation),
      { seq: 6, type: 'landmine', timestamp: at(5), landmineId: mine.id, trigger: mine.trigger, speaker: 'salesperson' },
      transcript(7, 6, 'customer', 'Fair enough.'),
      sentiment(8, 6, 'customer', 'happy', 0.9),
    ];
    expect((await post(`/sessions/${body.sessionId}/events`, { events })).statusCode).toBe(200);
    // Not counted while in progress
    expect((await read('items', range)).items).toEqual(before.items.items);
    expect((await post(`/sessions/${body.sessionId}/complete`, { endTime: at(60) })).statusCode).toBe(200);

    const items = await read('items', range);
    const was = before.items.items.find((item) => item.key === objection.id);
    expect(items.items.find((item) => item.key === objection.id)).toMatchObject({
      detections: (was?.detections ?? 0) + 2,
      calls: (was?.calls ?? 0) + 1,
      deleted: false,
    });
    const landmines = await read('landmines', range);
    const hitBefore = before.landmines.landmines.find((landmine) => landmine.key === mine.id);
    const hit = landmines.landmines.find((landmine) => landmine.key === mine.id)!;
    expect(hit).toMatchObject({ label: mine.trigger, hits: (hitBefore?.hits ?? 0) + 1, calls: (hitBefore?.calls ?? 0) + 1 });
    expect(hit.byRep).toContainEqual({ rep: 'live.rep@insights.test', hits: 1 });
    const reps = await read('reps', { ...range, rep: 'live.rep@insights.test' });
    expect(reps.reps).toHaveLength(1);
    expect(reps.reps[0]).toMatchObject({ rep: 'live.rep@insights.test', calls: 1, landmines: 1, questionsPerCall: 1, sentiment: 0 });
    expect((await read('filters')).reps).toContain('live.rep@insights.test');
  });

  it('keeps a deleted objection or landmine under the last name it had', async () => {
    const range = RANGES[0];
    const data = await read('items', range);
    const target = data.items.find((item) => !item.key.startsWith('q:') && item.kind === 'objection' && item.detections > 0)!;
    const call = (method: 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers, payload });
    const renamed = await call('PUT', `/dictionary/objections/${target.key}`, {
      question: 'Renamed before its deletion',
      answer: 'Still an answer.',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read('items', range)).items.find((item) => item.key === target.key)?.label).toBe('Renamed before its deletion');
    expect((await call('DELETE', `/dictionary/objections/${target.key}`)).statusCode).toBe(200);
    const after = (await read('items', range)).items.find((item) => item.key === target.key);
    expect(after).toEqual({ ...target, label: 'Renamed before its deletion', deleted: true });
    const answers = (await read('answers', range)).objections.find((objection) => objection.key === target.key);
    if (answers) expect(answers).toMatchObject({ label: 'Renamed before its deletion', deleted: true });

    const mines = await read('landmines', range);
    const mine = mines.landmines.find((landmine) => !landmine.key.startsWith('t:') && landmine.hits > 0)!;
    expect((await call('PUT', `/landmines/${mine.key}`, { trigger: 'renamed trigger', category: 'Legal' })).statusCode).toBe(200);
    expect((await call('DELETE', `/landmines/${mine.key}`)).statusCode).toBe(200);
    expect((await read('landmines', range)).landmines.find((landmine) => landmine.key === mine.key)).toEqual({
      ...mine,
      label: 'renamed trigger',
      deleted: true,
    });
  });

  it('answers nothing for a rep without calls', async () => {
    const query = { ...RANGES[0], rep: 'nobody@insights.test' };
    expect((await read('items', query)).items).toEqual([]);
    expect((await read('inquiries', query)).groups).toEqual([]);
    expect((await read('answers', query)).objections).toEqual([]);
    expect((await read('landmines', query)).landmines).toEqual([]);
    const reps = await insightReps(t.db, query, now);
    expect(reps.reps).toEqual([]);
    expect(reps.teamMedian.calls).toBeGreaterThan(0);
  });

  it.each([
    ['"from" after "to"', { from: '2026-03-02', to: '2026-03-01' }, 'from'],
    ['a range over 400 days', { from: '2025-01-01', to: '2026-02-05' }, 'to'],
    ['"from" without "to"', { from: '2026-03-01' }, 'to'],
    ['"to" without "from"', { to: '2026-03-01' }, 'from'],
    ['a day that is no date', { from: '2026-02-30', to: '2026-03-01' }, 'from'],
    ['a day before 1970', { from: '1969-12-31', to: '1970-01-02' }, 'from'],
    ['a day after 2100', { from: '2100-12-30', to: '2101-01-01' }, 'to'],
    ['an unknown period', { period: '14d' }, 'period'],
    ['an unknown status', { status: 'in_progress' }, 'status'],
  ])('refuses %s with 400 naming the field', async (_label, query, field) => {
    for (const part of PARTS) {
      const response = await get(part, query as InsightsQueryInput);
      expect(response.statusCode, `${part} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        details: [expect.objectContaining({ path: `querystring.${field}` })],
      });
    }
  });

  it('accepts a range of exactly 400 days', async () => {
    expect((await get('items', { from: '2025-01-01', to: '2026-02-04' })).statusCode).toBe(200);
  });

  it('refuses anonymous callers (401) and non-admins (403) like the other admin routes', async () => {
    const user = await signUp();
    for (const part of PARTS) {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/insights/${part}` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe('NOT_AUTHENTICATED');
      const refused = await get(part, {}, bearer(user.idToken));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('NOT_ADMIN');
    }
  });
});
