import { sql } from 'drizzle-orm';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { sessionEvents } from '../../server/seed/sessions/events';
import { answerEffects, callFromEvents } from '../../server/services/insights/call';
import { resolvePeriod } from '../../server/services/insights/period';
import { INSIGHT_REP_OBJECTIONS_MAX, insightRepResponseSchema, type InsightRepPage } from '../../src/contract/insightRep';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

/**
 * GET /api/insights/reps/:rep (services/insights/repPage.ts): one rep's objections and landmines
 * per 100 of their calls beside the team's per 100 of all calls, and the sentiment change after
 * their answers beside the team's, each against the same figures counted by hand from the calls.
 */

const now = Date.parse('2026-03-05T12:00:00Z');
const generated = [...generateSessions(0, 120, { seed: 31, now })];
const finished = generated.filter((session) => session.status !== 'in_progress');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const range = resolvePeriod({ period: '90d' }, now);
const inRange = finished.filter((session) => dayOf(session.startTime) >= range.from && dayOf(session.startTime) <= range.to);
const busiest = () => {
  const calls = new Map<string, number>();
  for (const session of inRange) calls.set(session.userEmail, (calls.get(session.userEmail) ?? 0) + 1);
  return [...calls].sort((a, b) => b[1] - a[1])[0][0];
};
const per100 = (n: number, calls: number) => (100 * n) / calls;

describe.each(DB_KINDS)("a rep's page (%s)", (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const rep = busiest();
  const repCalls = inRange.filter((session) => session.userEmail === rep);

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    expect(await seedDictionary({ db: t.db })).toBe(true);
    await t.db.transaction((tx) => insertSessionBatch(tx, generated));
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const read = async (who: string, search = `from=${range.from}&to=${range.to}`) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/insights/reps/${encodeURIComponent(who)}?${search}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(insightRepResponseSchema.parse(body)).toEqual(body);
    return body.data as InsightRepPage;
  };
  /** Occurrences per key in the range, for one rep or all: [count, distinct calls]. */
  const counted = async (table: 'detections' | 'landmines', who?: string) => {
    const found = await rows<{ key: string; n: number; calls: number }>(
      table === 'detections'
        ? sql`select d.item_key as key, count(*)::int as n, count(distinct d.session_id)::int as calls
              from session_detections d join sessions s on s.id = d.session_id join dictionary_items i on i.id::text = d.item_key
              where s.status in ('completed', 'failed') and i.kind = 'objection'
                and (s.start_time at time zone 'UTC')::date between ${range.from}::date and ${range.to}::date
                and (${who ?? null}::text is null or s.user_email = ${who ?? null})
              group by d.item_key`
        : sql`select h.landmine_key as key, count(*)::int as n, count(distinct h.session_id)::int as calls
              from session_landmine_hits h join sessions s on s.id = h.session_id
              where s.status in ('completed', 'failed')
                and (s.start_time at time zone 'UTC')::date between ${range.from}::date and ${range.to}::date
                and (${who ?? null}::text is null or s.user_email = ${who ?? null})
              group by h.landmine_key`,
    );
    return new Map(found.map((row) => [row.key, row]));
  };

  it("rates the objections the rep faces most per 100 of their calls, beside the team's per 100 of all calls", async () => {
    const data = await read(rep);
    expect(data.rep).toBe(rep);
    expect(data.period.calls).toBe(repCalls.length);
    expect(data.teamCalls).toBe(inRange.length);
    expect(data.figures?.calls).toBe(repCalls.length);
    const mine = await counted('detections', rep);
    const team = await counted('detections');
    const expected = [...mine.values()].sort((a, b) => b.n - a.n).slice(0, INSIGHT_REP_OBJECTIONS_MAX);
    expect(data.objections.length).toBe(Math.min(mine.size, INSIGHT_REP_OBJECTIONS_MAX));
    expect(data.objections.length).toBeGreaterThan(2);
    expect(data.objections.map((objection) => objection.detections)).toEqual(expected.map((row) => row.n));
    for (const objection of data.objections) {
      const want = mine.get(objection.key)!;
      expect(objection.detections).toBe(want.n);
      expect(objection.calls).toBe(want.calls);
      expect(objection.rate).toBeCloseTo(per100(want.n, repCalls.length), 10);
      expect(objection.teamRate).toBeCloseTo(per100(team.get(objection.key)!.n, inRange.length), 10);
    }
  });

  it('rates the landmines the rep triggers the same way, most triggered first', async () => {
    const data = await read(rep);
    const mine = await counted('landmines', rep);
    const team = await counted('landmines');
    expect(new Set(data.landmines.map((landmine) => landmine.key))).toEqual(new Set(mine.keys()));
    for (const landmine of data.landmines) {
      expect(landmine.hits).toBe(mine.get(landmine.key)!.n);
      expect(landmine.calls).toBe(mine.get(landmine.key)!.calls);
      expect(landmine.rate).toBeCloseTo(per100(landmine.hits, repCalls.length), 10);
      expect(landmine.teamRate).toBeCloseTo(per100(team.get(landmine.key)!.n, inRange.length), 10);
    }
    const hits = data.landmines.map((landmine) => landmine.hits);
    expect(hits).toEqual([...hits].sort((a, b) => b - a));
    expect(data.figures?.landmines).toBe(hits.reduce((sum, n) => sum + n, 0));
  });

  it("measures the customer's sentiment change after the rep's answers beside the team's", async () => {
    const keyOf = new Map(
      (
        await rows<{ at: string; key: string }>(sql`select session_id::text || '/' || seq as at, item_key as key from session_detections`)
      ).map((row) => [row.at, row.key]),
    );
    const effects = (who?: string) => {
      const sums = new Map<string, { cases: number; sum: number }>();
      for (const session of inRange) {
        if (who !== undefined && session.userEmail !== who) continue;
        const call = callFromEvents(
          {
            id: session.id,
            rep: session.userEmail,
            status: 'completed',
            startMs: session.startTime,
            endMs: session.startTime + session.duration * 1000,
          },
          sessionEvents(session),
        );
        for (const [seq, change] of answerEffects(call)) {
          const key = keyOf.get(`${session.id}/${seq}`)!;
          const entry = sums.get(key) ?? { cases: 0, sum: 0 };
          entry.cases += 1;
          entry.sum += change;
          sums.set(key, entry);
        }
      }
      return sums;
    };
    const mine = effects(rep);
    const team = effects();
    const data = await read(rep);
    expect(new Set(data.answers.map((answer) => answer.key))).toEqual(new Set(mine.keys()));
    let compared = 0;
    for (const answer of data.answers) {
      expect(answer.rep.cases).toBe(mine.get(answer.key)!.cases);
      expect(answer.team.cases).toBe(team.get(answer.key)!.cases);
      if (answer.rep.cases >= 5) {
        compared += 1;
        expect(answer.rep.mean).toBeCloseTo(mine.get(answer.key)!.sum / answer.rep.cases, 4);
      } else expect(answer.rep.mean).toBeNull();
      if (answer.team.cases >= 5) expect(answer.team.mean).toBeCloseTo(team.get(answer.key)!.sum / answer.team.cases, 4);
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('finds the rep whatever the case of the address, names them from Users, and answers an unknown rep with no figures', async () => {
    await t.db.execute(sql`insert into users (uid, email, name) values ('rep-page-named', ${rep.toUpperCase()}, 'Page Rep')`);
    try {
      const data = await read(rep.toUpperCase());
      expect(data.rep).toBe(rep);
      expect(data.name).toBe('Page Rep');
      expect(data.userId).not.toBeNull();
      expect(data.figures?.calls).toBe(repCalls.length);
    } finally {
      await t.db.execute(sql`delete from users where uid = 'rep-page-named'`);
    }
    const nobody = await read('nobody@rep-page.test');
    expect(nobody).toMatchObject({ rep: 'nobody@rep-page.test', name: null, userId: null, figures: null, objections: [], landmines: [] });
    expect(nobody.period.calls).toBe(0);
    expect(nobody.teamCalls).toBe(inRange.length);
  });

  it('refuses a range the insights refuse, naming the field', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/insights/reps/${encodeURIComponent(rep)}?from=2026-03-05&to=2026-01-01`,
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});
