import { randomBytes } from 'node:crypto';
import { auditLog, type AuditChanges } from '../../server/db/schema';
import { auditListResponseSchema, auditRecordSchema } from '../../src/contract/audit';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { bearer, signUp } from '../support/identity';

/** GET /api/admin/audit: ra-data-simple-rest's dialect (sort, range, filter; Content-Range). */
describe.each(DB_KINDS)('admin audit log (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const tag = randomBytes(4).toString('hex');
  const base = Date.parse('2024-05-01T10:00:00Z');
  /** 30 rows one hour apart: actor a/b alternating, landmine rows every third. */
  const seeded = Array.from({ length: 30 }, (_, i) => ({
    at: new Date(base + i * 3_600_000),
    actorUid: `uid-${i % 2}`,
    actorEmail: `${i % 2 === 0 ? 'alice' : 'bob'}-${tag}@audit.test`,
    action: i % 3 === 0 ? 'landmine.update' : 'user.update',
    targetType: i % 3 === 0 ? 'landmine' : 'user',
    targetId: `target-${i}`,
    changes: (i % 3 === 0 ? { trigger: { from: `old ${i}`, to: `new ${i}` } } : { role: { from: 'user', to: 'admin' } }) as AuditChanges,
  }));

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.insert(auditLog).values(seeded);
  });
  afterAll(() => t?.close());

  const list = async (query: Record<string, unknown>) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    );
    return t.app.inject({ method: 'GET', url: `/api/admin/audit?${params}`, headers });
  };
  const mine = { actorEmail: tag };

  it('answers a page as a plain array with a Content-Range total', async () => {
    const response = await list({ filter: mine, range: [0, 9], sort: ['at', 'DESC'] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('audit 0-9/30');
    const records = auditListResponseSchema.parse(response.json());
    expect(records).toHaveLength(10);
    expect(records[0]).toMatchObject({ id: expect.any(Number), targetId: 'target-29', at: new Date(base + 29 * 3_600_000).toISOString() });
  });

  it('pages with range and sorts by a whitelisted field', async () => {
    const response = await list({ filter: mine, range: [25, 34], sort: ['targetId', 'ASC'] });
    expect(response.headers['content-range']).toBe('audit 25-29/30');
    const ids = (response.json() as { targetId: string }[]).map((r) => r.targetId);
    expect(ids).toEqual([...seeded.map((r) => r.targetId)].sort().slice(25));
  });

  it('says */total when the range is past the end', async () => {
    const response = await list({ filter: mine, range: [50, 59] });
    expect(response.json()).toEqual([]);
    expect(response.headers['content-range']).toBe('audit */30');
  });

  it('filters by actor (substring, case-insensitive), action, target type and date range (a day is a UTC day)', async () => {
    const byActor = await list({ filter: { actorEmail: `ALICE-${tag}` }, range: [0, 99] });
    expect(byActor.headers['content-range']).toBe('audit 0-14/15');
    const byAction = await list({ filter: { ...mine, action: 'landmine.update' }, range: [0, 99] });
    expect((byAction.json() as { targetType: string }[]).every((r) => r.targetType === 'landmine')).toBe(true);
    expect(byAction.headers['content-range']).toBe('audit 0-9/10');
    const byType = await list({ filter: { ...mine, targetType: 'user' } });
    expect(byType.headers['content-range']).toMatch(/\/20$/);
    // several types, separated by commas (a session's "Changed since" link): each row is one of them
    const byTypes = await list({ filter: { ...mine, targetType: 'landmine, apiKey' }, range: [0, 99] });
    expect(byTypes.headers['content-range']).toBe('audit 0-9/10');
    expect(new Set((byTypes.json() as { targetType: string }[]).map((r) => r.targetType))).toEqual(new Set(['landmine']));
    const both = await list({ filter: { ...mine, targetType: 'user,landmine' }, range: [0, 99] });
    expect(both.headers['content-range']).toBe('audit 0-29/30');
    const byTime = await list({
      filter: { ...mine, at_gte: new Date(base + 2 * 3_600_000).toISOString(), at_lte: new Date(base + 4 * 3_600_000).toISOString() },
    });
    expect((byTime.json() as { targetId: string }[]).map((r) => r.targetId)).toEqual(['target-4', 'target-3', 'target-2']);
    const byDay = await list({ filter: { ...mine, at_gte: '2024-05-02', at_lte: '2024-05-02' }, range: [0, 99] });
    expect(byDay.headers['content-range']).toBe('audit 0-15/16');
  });

  it('treats LIKE wildcards in the actor filter literally', async () => {
    const response = await list({ filter: { actorEmail: `%${tag}` } });
    expect(response.headers['content-range']).toBe('audit */0');
  });

  it('renders changes as readable "field: old → new" lines and serves one record by id', async () => {
    const [first] = (await list({ filter: { ...mine, targetType: 'landmine' }, sort: ['at', 'ASC'] })).json() as { id: number }[];
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit/${first.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(auditRecordSchema.parse(response.json())).toMatchObject({ targetId: 'target-0', changes: ['trigger: old 0 → new 0'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/999999999', headers })).statusCode).toBe(404);
  });

  it('records a real admin change with its fields', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/landmines',
      headers,
      payload: { trigger: `Guaranteed returns ${tag}`, category: 'compliance' },
    });
    expect(created.statusCode).toBe(201);
    const response = await list({ filter: { action: 'landmine.create' }, range: [0, 99] });
    const row = (response.json() as { changes: string[] }[]).find((r) => r.changes.some((line) => line.includes(tag)));
    expect(row?.changes).toContain(`trigger: — → Guaranteed returns ${tag}`);
  });

  it.each([
    ['range larger than 100', { range: '[0,100]' }],
    ['range ending before it starts', { range: '[10,5]' }],
    ['negative range', { range: '[-1,5]' }],
    ['range that is not JSON', { range: '0-24' }],
    ['sort on a field that is not sortable', { sort: '["changes","ASC"]' }],
    ['sort in another order', { sort: '["at","SIDEWAYS"]' }],
    ['filter that is not JSON', { filter: '{actorEmail:' }],
    ['filter on an unknown field', { filter: '{"actorUid":"x"}' }],
    ['filter with __proto__', { filter: '{"__proto__":{"x":1}}' }],
    ['filter with a bad date', { filter: '{"at_gte":"yesterday"}' }],
    ['filter that is an array', { filter: '[]' }],
  ])('refuses a %s with 400', async (_label, query) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('refuses a repeated query key and a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit?range=[0,1]&range=[0,2]', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/abc', headers })).statusCode).toBe(400);
  });

  it('refuses no token (401) and a non-admin (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    const account = await signUp();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(account.idToken) });
    expect(response.statusCode).toBe(403);
  });
});
