import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import { generateSession, insertSessionBatch, seedSessions } from '../../server/seed/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { bearer, setProfile, signUp } from '../support/identity';

// The sessions' answers and the admins' profiles are reused until the database is
// next written (plugins/readCache.ts, services/principal.ts, db/writeGeneration.ts).
const LIST = '/api/admin/sessions?page=1&limit=50';

const total = (response: { json(): unknown }) => (response.json() as { pagination: { total: number } }).pagination.total;

describe('reuse follows the write generation it is given', () => {
  // A generation only this test moves: the database's writes below do not reach it, so an
  // answer that stays the same proves it was reused, and one that changes proves it was not.
  const generation = { current: 0 };
  let t: TestApp;
  let headers: Record<string, string>;
  const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });

  beforeAll(async () => {
    t = await testApp('pglite', { writes: generation });
    headers = (await t.createAdmin()).headers;
    await seedSessions({ db: t.db, count: 3, seed: 5 });
  });
  afterAll(async () => t?.close());

  it('sends the kept answer until the generation changes, then reads again', async () => {
    expect(total(await get(LIST))).toBe(3);
    await seedSessions({ db: t.db, count: 2, seed: 6 });
    const kept = await get(LIST);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(total(kept)).toBe(3);
    // Another URL is another answer.
    expect(total(await get('/api/admin/sessions?page=1&limit=10'))).toBe(5);

    generation.current += 1;
    expect(total(await get(LIST))).toBe(5);
  });

  it('keeps each encoding as sent: brotli for a browser, plain JSON for a client that asks for none', async () => {
    const url = '/api/admin/sessions?page=1&limit=20';
    const asBrowser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await get(url, asBrowser);
    expect(first.headers['content-encoding']).toBe('br');
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    await seedSessions({ db: t.db, count: 1, seed: 11 });
    const kept = await get(url, asBrowser);
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.headers.vary).toMatch(/accept-encoding/i);
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(kept.rawPayload).toString())).toEqual(plain.json());
    expect(total(await get(url))).toBe(total(plain));
    generation.current += 1;
    expect(total(await get(url))).toBe(total(plain) + 1);
  });

  it('reads now when the request says Cache-Control: no-cache', async () => {
    const before = total(await get(LIST));
    await seedSessions({ db: t.db, count: 1, seed: 7 });
    expect(total(await get(LIST))).toBe(before);
    expect(total(await get(LIST, { 'cache-control': 'no-cache' }))).toBe(before + 1);
    generation.current += 1;
  });

  it('checks the caller on every request, before a kept answer is sent', async () => {
    expect((await get(LIST)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: LIST });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    const stranger = await signUp();
    const refused = await t.app.inject({ method: 'GET', url: LIST, headers: bearer(stranger.idToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'NOT_ADMIN' });
  });

  it('keeps no refusal: a session that did not exist is found once it does', async () => {
    const session = generateSession(90_000, { seed: 8, now: Date.now() });
    const url = `/api/admin/sessions/${session.sessionId}`;
    expect((await get(url)).statusCode).toBe(404);
    await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    const found = await get(url);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ success: true, data: { sessionId: session.sessionId } });
  });
});

describe.each(DB_KINDS)('every write is seen by the next read (%s)', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createAdmin']>>;
  const list = () => t.app.inject({ method: 'GET', url: LIST, headers: admin.headers });

  beforeAll(async () => {
    t = await testApp(kind);
    admin = await t.createAdmin();
    await seedSessions({ db: t.db, count: 4, seed: 9 });
  });
  afterAll(async () => t?.close());

  it('reuses only where one process writes the database: PGlite', () => {
    // PostgreSQL is shared with other servers, whose writes this one cannot see coming.
    expect(t.kind === 'pglite').toBe(kind === 'pglite');
  });

  it('sees inserts, updates, deletes and transactions at once', async () => {
    expect(total(await list())).toBe(4);
    await seedSessions({ db: t.db, count: 1, seed: 10 });
    expect(total(await list())).toBe(5);

    const [first] = (await list()).json().data as Array<{ sessionId: string; status: string }>;
    const detail = `/api/admin/sessions/${first.sessionId}`;
    expect((await t.app.inject({ method: 'GET', url: detail, headers: admin.headers })).json().data.sessionName).not.toBe('Renamed');
    await t.db.update(sessions).set({ sessionName: 'Renamed' }).where(eq(sessions.sessionId, first.sessionId));
    expect((await t.app.inject({ method: 'GET', url: detail, headers: admin.headers })).json().data.sessionName).toBe('Renamed');

    await t.db.execute(sql`delete from ${sessions} where ${sessions.sessionId} = ${first.sessionId}`);
    expect(total(await list())).toBe(4);
    expect((await t.app.inject({ method: 'GET', url: detail, headers: admin.headers })).statusCode).toBe(404);
  });

  it("applies an admin's demotion and revocation to the very next request", async () => {
    expect((await list()).statusCode).toBe(200);
    await setProfile(t.db, admin.uid, { isActive: false });
    expect((await list()).statusCode).toBe(403);
    await setProfile(t.db, admin.uid, { isActive: true });
    expect((await list()).statusCode).toBe(200);
    await setProfile(t.db, admin.uid, { sessionsRevokedAt: new Date() });
    expect((await list()).statusCode).toBe(401);
  });
});
