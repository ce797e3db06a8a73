import { sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { sessionDetailResponseSchema, sessionListResponseSchema, type SessionSummary } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * GET /api/admin/sessions: each call's landmine count and its rep's name, and the filter on calls
 * with any landmine, checked against the hits the database holds.
 */
describe.each(DB_KINDS)('admin sessions: landmines and rep names on the list (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const generated = [...generateSessions(0, 120, { seed: 777, now: Date.parse('2026-06-01T12:00:00Z') })];
  const reps = [...new Set(generated.map((session) => session.userEmail))].sort();
  /** Hits per session id (the row's uuid), as the database holds them. */
  let hits: Map<string, number>;
  let keys: { sessionId: string; key: string }[];

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.transaction((tx) => insertSessionBatch(tx, generated));
    const counted = rowsOf<{ sessionId: string; n: number }>(
      await t.db.execute(sql`select session_id as "sessionId", count(*)::int as n from session_landmine_hits group by session_id`),
    );
    hits = new Map(counted.map((row) => [row.sessionId, row.n]));
    keys = rowsOf<{ sessionId: string; key: string }>(
      await t.db.execute(
        sql`select distinct session_id as "sessionId", landmine_key as key from session_landmine_hits where landmine_key is not null`,
      ),
    );
    // reps[0] has a profile under another case; reps[1] a deleted one, then a live one without a name; reps[2] none
    await t.db.insert(users).values([
      { uid: 'rep-named', email: reps[0].toUpperCase(), name: 'Ada Lovelace' },
      { uid: 'rep-deleted', email: reps[1], name: 'Gone Person', deletedAt: new Date('2026-01-01T00:00:00Z') },
      { uid: 'rep-unnamed', email: reps[1], name: '' },
    ]);
  });
  afterAll(() => t?.close());

  const list = async (query: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/sessions?${new URLSearchParams(query)}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return sessionListResponseSchema.parse(response.json());
  };
  const everyPage = async (query: Record<string, string>) => {
    const first = await list({ ...query, limit: '100' });
    const rows: SessionSummary[] = [...first.data];
    for (let page = 2; page <= first.pagination.pages; page += 1)
      rows.push(...(await list({ ...query, limit: '100', page: String(page) })).data);
    return { rows, total: first.pagination.total };
  };
  const newestFirst = (ids: readonly string[]) =>
    generated
      .filter((session) => ids.includes(session.id))
      .sort((a, b) => b.startTime - a.startTime || (a.id < b.id ? 1 : -1))
      .map((session) => session.sessionId);

  it('counts every landmine hit of each call, as its page shows it', async () => {
    expect(hits.size).toBeGreaterThan(5);
    const { rows } = await everyPage({});
    expect(rows).toHaveLength(generated.length);
    for (const row of rows) expect(row.landmineCount, row.sessionId).toBe(hits.get(row._id) ?? 0);
    expect(rows.some((row) => row.landmineCount > 1)).toBe(true);
    expect(rows.some((row) => row.landmineCount === 0)).toBe(true);
  });

  it("gives a call's page the same count as its landmines", async () => {
    const withHits = generated.find((session) => (hits.get(session.id) ?? 0) > 0)!;
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${withHits.sessionId}`, headers });
    const detail = sessionDetailResponseSchema.parse(response.json()).data;
    expect(detail.landmineCount).toBe(hits.get(withHits.id));
    expect(detail.landmines).toHaveLength(detail.landmineCount);
  });

  it('hasLandmine: exactly the calls with a hit, newest first, alone and with the other filters', async () => {
    const { rows, total } = await everyPage({ hasLandmine: 'true' });
    expect(rows.map((row) => row.sessionId)).toEqual(newestFirst([...hits.keys()]));
    expect(total).toBe(hits.size);
    const rep = generated.find((session) => hits.has(session.id))!.userEmail;
    const ofRep = await everyPage({ hasLandmine: 'true', rep, status: 'completed' });
    const expected = generated.filter((session) => hits.has(session.id) && session.userEmail === rep && session.status === 'completed');
    expect(ofRep.rows.map((row) => row.sessionId)).toEqual(newestFirst(expected.map((session) => session.id)));
    for (const value of ['false', 'yes', '']) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/admin/sessions?hasLandmine=${value}`, headers });
      expect(refused.statusCode, value).toBe(400);
    }
  });

  it('landmine: the calls with that landmine, each counting at least that hit', async () => {
    const key = keys[0].key;
    const { rows } = await everyPage({ landmine: key, hasLandmine: 'true' });
    const expected = [...new Set(keys.filter((row) => row.key === key).map((row) => row.sessionId))];
    expect(rows.map((row) => row.sessionId)).toEqual(newestFirst(expected));
    for (const row of rows) expect(row.landmineCount).toBeGreaterThanOrEqual(1);
  });

  it("names each call's rep from a live profile of the address, any case; null without one or without a name", async () => {
    const { rows } = await everyPage({});
    const nameOf = (rep: string) => new Set(rows.filter((row) => row.userEmail === rep).map((row) => row.userName));
    expect(nameOf(reps[0])).toEqual(new Set(['Ada Lovelace']));
    expect(nameOf(reps[1])).toEqual(new Set([null]));
    expect(nameOf(reps[2])).toEqual(new Set([null]));
    const named = await list({ rep: reps[0] });
    expect(named.data.length).toBeGreaterThan(0);
    for (const row of named.data) expect(row.userName).toBe('Ada Lovelace');
  });
});
