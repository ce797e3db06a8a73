import { sql } from 'drizzle-orm';
import { generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import { sessionListResponseSchema } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * GET /api/admin/sessions with the filters the insights link to (rep, item, landmine, inquiry,
 * from, to), checked against what the sessions' own detail rows say.
 */
describe.each(DB_KINDS)('admin sessions: insight filters (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const now = Date.parse('2026-05-01T12:00:00Z');
  const generated = [...generateSessions(0, 150, { seed: 4242, now })];
  const statistics = {
    totalTranscripts: 0,
    customerTranscripts: 0,
    salespersonTranscripts: 0,
    totalObjections: 0,
    totalFAQs: 0,
    totalNewInquiries: 0,
    responseRate: 100,
  };
  const literal = (n: number, fields: Partial<GeneratedSession>): GeneratedSession => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sessionId: `lit-${n}`,
    sessionName: `Literal ${n}`,
    userEmail: `lit${n}@literal.test`,
    roomName: null,
    startTime: Date.parse('2026-01-10T12:00:00Z'),
    duration: 60,
    status: 'completed',
    statistics,
    detail: null,
    ...fields,
  });
  const literals = [
    // the ends of a UTC day, and a LIKE wildcard in an email that must stay literal
    literal(1, { startTime: Date.parse('2026-01-10T00:00:00.000Z'), userEmail: 'Under_Score@Literal.test' }),
    literal(2, { startTime: Date.parse('2026-01-10T23:59:59.999Z'), userEmail: 'underXscore@literal.test' }),
    literal(3, { startTime: Date.parse('2026-01-09T23:59:59.999Z') }),
    literal(4, { startTime: Date.parse('2026-01-11T00:00:00.000Z'), status: 'failed' }),
  ];
  const all = [...generated, ...literals];
  const byId = new Map(all.map((session) => [session.id, session]));
  const newestFirst = (list: readonly GeneratedSession[]) =>
    [...list].sort((a, b) => b.startTime - a.startTime || (a.id < b.id ? 1 : -1)).map((session) => session.sessionId);

  /** Detection keys and landmine keys per session, as the database holds them. */
  let detectionKeys: { sessionId: string; key: string }[];
  let landmineKeys: { sessionId: string; key: string }[];
  const sessionsWith = (rows: { sessionId: string; key: string }[], keys: readonly string[]) =>
    all.filter((session) => rows.some((row) => row.sessionId === session.id && keys.includes(row.key)));
  /** Keys by the number of sessions they occur in, most first. */
  const byCalls = (rows: { sessionId: string; key: string }[], keep: (key: string) => boolean = () => true) => {
    const calls = new Map<string, Set<string>>();
    for (const row of rows) if (keep(row.key)) calls.set(row.key, (calls.get(row.key) ?? new Set()).add(row.sessionId));
    return [...calls].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1)).map(([key]) => key);
  };

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.transaction((tx) => insertSessionBatch(tx, all));
    detectionKeys = rowsOf<{ sessionId: string; key: string }>(
      await t.db.execute(sql`select session_id as "sessionId", item_key as "key" from session_detections where item_key is not null`),
    );
    landmineKeys = rowsOf<{ sessionId: string; key: string }>(
      await t.db.execute(
        sql`select session_id as "sessionId", landmine_key as "key" from session_landmine_hits where landmine_key is not null`,
      ),
    );
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const list = async (query: Record<string, string | number>) => {
    const response = await get(`/api/admin/sessions?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
    expect(response.statusCode, response.body).toBe(200);
    return sessionListResponseSchema.parse(response.json());
  };
  /** Every page of the filtered list, 100 at a time, and the total each page reported. */
  const expectList = async (query: Record<string, string>, expected: readonly GeneratedSession[]) => {
    const first = await list({ ...query, limit: 100 });
    const ids = first.data.map((session) => session.sessionId);
    for (let page = 2; page <= first.pagination.pages; page += 1)
      ids.push(...(await list({ ...query, limit: 100, page })).data.map((session) => session.sessionId));
    expect(ids, JSON.stringify(query)).toEqual(newestFirst(expected));
    expect(first.pagination.total, JSON.stringify(query)).toBe(expected.length);
  };

  it('has finished calls keyed by item and landmine to filter on', () => {
    expect(detectionKeys.length).toBeGreaterThan(100);
    expect(landmineKeys.length).toBeGreaterThan(0);
    // every keyed row belongs to a finished call
    for (const row of [...detectionKeys, ...landmineKeys]) expect(byId.get(row.sessionId)?.status).not.toBe('in_progress');
  });

  it('item: the sessions with a detection under that key', async () => {
    const items = byCalls(detectionKeys, (key) => !key.startsWith('inquiry:'));
    for (const key of [items[0], items[Math.floor(items.length / 2)], items.at(-1)!]) {
      const expected = sessionsWith(detectionKeys, [key]);
      expect(expected.length).toBeGreaterThan(0);
      await expectList({ item: key }, expected);
    }
    // a new inquiry's detection has its key too
    const inquiry = byCalls(detectionKeys, (key) => key.startsWith('inquiry:'))[0];
    await expectList({ item: inquiry }, sessionsWith(detectionKeys, [inquiry]));
    await expectList({ item: 'q:objection:nobody ever said this' }, []);
  });

  it('landmine: the sessions with a hit under that key', async () => {
    for (const key of byCalls(landmineKeys).slice(0, 3)) await expectList({ landmine: key }, sessionsWith(landmineKeys, [key]));
    await expectList({ landmine: 't:no such trigger' }, []);
  });

  it('inquiry: the sessions with a new inquiry phrased in the group, a phrasing not grouped yet being its own group', async () => {
    const phrasings = byCalls(detectionKeys, (key) => key.startsWith('inquiry:')).map((key) => key.slice('inquiry:'.length));
    expect(phrasings.length).toBeGreaterThanOrEqual(4);
    const [group, member, other, alone] = phrasings;
    // the grouping job put `member` in `group`'s group and `other` in a group of its own; `alone` is not grouped yet
    await t.db.execute(sql`update insight_inquiry_phrases set group_id = ${group} where id in (${group}, ${member})`);
    await t.db.execute(sql`update insight_inquiry_phrases set group_id = id where id = ${other}`);
    const keysOf = (...ids: string[]) => ids.map((id) => `inquiry:${id}`);
    await expectList({ inquiry: group }, sessionsWith(detectionKeys, keysOf(group, member)));
    await expectList({ inquiry: other }, sessionsWith(detectionKeys, keysOf(other)));
    await expectList({ inquiry: alone }, sessionsWith(detectionKeys, keysOf(alone)));
    // a phrasing's own id is no group once it is in another's
    await expectList({ inquiry: member }, []);
    await expectList({ inquiry: '00000000-0000-4000-8000-00000000beef' }, []);
  });

  it('rep: the whole email in any case, nothing for part of it', async () => {
    const rep = generated[0].userEmail;
    await expectList(
      { rep: rep.toUpperCase() },
      all.filter((session) => session.userEmail === rep),
    );
    await expectList(
      { rep: `  ${rep} ` },
      all.filter((session) => session.userEmail === rep),
    );
    await expectList({ rep: 'under_score@literal.test' }, [literals[0]]);
    await expectList({ rep: rep.slice(0, -2) }, []);
    await expectList({ rep: rep.split('@')[0] }, []);
  });

  it("finished: completed and failed calls, the ones the insights count; with the rep, the rep's finished calls", async () => {
    const finished = all.filter((session) => session.status !== 'in_progress');
    expect(finished.length).toBeLessThan(all.length);
    await expectList({ finished: 'true' }, finished);
    const rep = generated[0].userEmail;
    await expectList(
      { finished: 'true', rep },
      finished.filter((session) => session.userEmail === rep),
    );
    expect((await get('/api/admin/sessions?finished=false')).statusCode).toBe(400);
  });

  it('from / to: UTC days of the start time, inclusive, each alone or both', async () => {
    const days = [...new Set(generated.map((session) => utcDay(session.startTime)))].sort();
    const [from, to] = [days[Math.floor(days.length / 4)], days[Math.floor((3 * days.length) / 4)]];
    const between = (low: string, high: string) =>
      all.filter((session) => utcDay(session.startTime) >= low && utcDay(session.startTime) <= high);
    await expectList({ from, to }, between(from, to));
    await expectList({ from }, between(from, '9999-12-31'));
    await expectList({ to }, between('0000-01-01', to));
    await expectList({ from: '2026-01-10', to: '2026-01-10' }, between('2026-01-10', '2026-01-10'));
    expect(between('2026-01-10', '2026-01-10').map((session) => session.sessionId)).toEqual(expect.arrayContaining(['lit-1', 'lit-2']));
    expect(between('2026-01-10', '2026-01-10').map((session) => session.sessionId)).not.toContain('lit-3');
    await expectList({ from: '2030-01-01' }, []);
  });

  it('combines the filters with each other, with status and with the search (AND)', async () => {
    const item = byCalls(detectionKeys, (key) => !key.startsWith('inquiry:'))[0];
    const withItem = sessionsWith(detectionKeys, [item]);
    const rep = withItem[0].userEmail;
    const days = withItem.map((session) => utcDay(session.startTime)).sort();
    const from = days[Math.floor(days.length / 3)];
    const to = days[Math.floor((2 * days.length) / 3)];
    const inRange = (session: GeneratedSession) => utcDay(session.startTime) >= from && utcDay(session.startTime) <= to;
    await expectList(
      { item, rep },
      withItem.filter((session) => session.userEmail === rep),
    );
    await expectList({ item, from, to }, withItem.filter(inRange));
    await expectList(
      { item, status: 'failed' },
      withItem.filter((session) => session.status === 'failed'),
    );
    await expectList(
      { item, rep, from, to, status: 'completed' },
      withItem.filter((session) => session.userEmail === rep && inRange(session) && session.status === 'completed'),
    );
    const company = withItem[0].sessionName.split(' with ')[1];
    await expectList(
      { item, search: company.toLowerCase() },
      withItem.filter((session) => session.sessionName.includes(company)),
    );
    const landmine = byCalls(landmineKeys)[0];
    await expectList(
      { item, landmine },
      withItem.filter((session) => sessionsWith(landmineKeys, [landmine]).includes(session)),
    );
    // paging a filtered list: the same sessions, page by page, and the total on each page
    const expected = newestFirst(withItem);
    const pages = [];
    for (let page = 1; page <= Math.ceil(expected.length / 4); page += 1) {
      const result = await list({ item, limit: 4, page });
      expect(result.pagination).toEqual({ page, limit: 4, total: expected.length, pages: Math.ceil(expected.length / 4) });
      pages.push(...result.data.map((session) => session.sessionId));
    }
    expect(pages).toEqual(expected);
  });

  it('refuses malformed filters with 400', async () => {
    for (const query of [
      'from=2026-13-01',
      'from=2026-02-30',
      'from=2026-1-1',
      'to=yesterday',
      'to=2026-01-10T00:00:00Z',
      'from=1969-12-31',
      'to=2101-01-01',
      'from=2026-02-01&to=2026-01-31',
      'inquiry=not-a-uuid',
      'rep=',
      'rep=%20%20',
      'rep=%00',
      'item=',
      `item=${'x'.repeat(1011)}`,
      'landmine=',
      'item=a&item=b',
      'rep=a@x.test&rep=b@x.test',
    ]) {
      const response = await get(`/api/admin/sessions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    for (const query of ['from=2026-01-31&to=2026-01-31', 'from=1970-01-01&to=2100-12-31', `item=${'x'.repeat(1010)}`]) {
      expect((await get(`/api/admin/sessions?${query}`)).statusCode, query).toBe(200);
    }
  });
});

describe('the OpenAPI document of the sessions list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  });
  afterAll(() => t?.close());

  it('lists the insight filters among its query parameters, from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const parameters: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[] =
      response.json().paths['/api/admin/sessions'].get.parameters;
    const query = Object.fromEntries(
      parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter]),
    );
    expect(Object.keys(query).sort()).toEqual([
      'competitorId',
      'finished',
      'from',
      'hasLandmine',
      'inquiry',
      'item',
      'landmine',
      'limit',
      'page',
      'rep',
      'search',
      'status',
      'to',
    ]);
    for (const name of ['rep', 'item', 'landmine', 'competitorId', 'hasLandmine', 'inquiry', 'from', 'to', 'finished'])
      expect(query[name].required ?? false, name).toBe(false);
    expect(query.from.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(query.inquiry.schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(query.competitorId.schema).toMatchObject({ type: 'string', format: 'uuid' });
  });
});
