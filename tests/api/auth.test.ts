import { count, eq } from 'drizzle-orm';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { auditLog, speechRateSettings, users } from '../../server/db/schema';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { bearer, forgeUnsignedToken, pastRevocationGranularity, setProfile, signIn, signUp, TEST_PASSWORD } from '../support/identity';

/** GET /api/health and /api/health/ready, the OpenAPI document and its interactive reference (they describe shapes, never data). */
const isPublic = (method: string, url: string) =>
  (url === '/api/health' ||
    url === '/api/health/ready' ||
    url === '/api/openapi.json' ||
    url === '/api/docs' ||
    url.startsWith('/api/docs/')) &&
  (method === 'GET' || method === 'HEAD');

const dbSnapshot = async (t: TestApp) => ({
  users: (await t.db.select({ n: count() }).from(users))[0].n,
  settings: await t.db.select().from(speechRateSettings),
  audit: (await t.db.select({ n: count() }).from(auditLog))[0].n,
});

describe.each(DB_KINDS)('authentication and authorization (%s)', (kind) => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    t = await testApp(kind, {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
    await t.app.ready();
  });
  afterAll(() => t?.close());

  const protectedRoutes = () =>
    routes
      .filter((route) => route.url.startsWith('/api') && !isPublic(route.method, route.url))
      .map((route) => ({ method: route.method as HTTPMethods, url: route.url.replace(/:(\w+)/g, 'x-$1') }));

  it('sees the API routes (the inventory is not empty)', () => {
    expect(protectedRoutes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/speech-rate',
        'PUT /api/speech-rate',
        // Admin routes of the service keys, and the assistant's routes (service keys only)
        'POST /api/admin/api-keys',
        'DELETE /api/admin/api-keys/x-id',
        'GET /api/admin/config-version',
        'GET /api/assistant/config',
        'POST /api/assistant/sessions',
        'POST /api/assistant/sessions/x-sessionId/events',
        'POST /api/assistant/sessions/x-sessionId/complete',
        // Prometheus' scrape (a service key with metrics:read)
        'GET /api/metrics',
        // Deleted users are restored, or their email freed
        'POST /api/admin/users/x-id/restore',
        'POST /api/admin/users/x-id/free-email',
        // Test a phrase and the speech-rate what-if
        'POST /api/dictionary/match',
        'POST /api/speech-rate/preview',
      ]),
    );
  });

  it('leaves only GET /api/health, /api/openapi.json and /api/docs public', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    for (const url of ['/api/openapi.json', '/api/docs']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it.each([
    ['no Authorization header', {}],
    ['"Bearer " with nothing', { authorization: 'Bearer ' }],
    ['a non-JWT string', { authorization: 'Bearer not-a-jwt' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('refuses every other route with 401 NOT_AUTHENTICATED given %s', async (_label, headers) => {
    for (const route of protectedRoutes()) {
      const response = await t.app.inject({ ...route, headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ error: 'NOT_AUTHENTICATED', message: expect.any(String) });
    }
  });

  it('refuses a self-signed-up user with 403 NOT_ADMIN everywhere (401 on /api/assistant/* and /api/metrics, which take service keys only) and writes nothing, not even a profile', async () => {
    const account = await signUp();
    const before = await dbSnapshot(t);
    const first = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(account.idToken) });
    expect(first.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.uid, account.uid))).toEqual([]);
    expect(await dbSnapshot(t)).toEqual(before);

    for (const route of protectedRoutes()) {
      const response = await t.app.inject({
        ...route,
        headers: bearer(account.idToken),
        ...(route.method === 'PUT' ? { payload: { enabled: false, time_window: 10, max_words: 10 } } : {}),
      });
      const assistant = route.url.startsWith('/api/assistant/') || route.url === '/api/metrics';
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(assistant ? 401 : 403);
      if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ error: assistant ? 'NOT_AUTHENTICATED' : 'NOT_ADMIN' });
    }
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('answers 403, never 500, for an account whose provider fields could not be stored', async () => {
    const email = `odd-${Date.now()}@test.salescoach.test`;
    await t.identity.createUser({ email, password: TEST_PASSWORD, displayName: `${'n'.repeat(10_181)}\u0000\ud800` });
    const token = await signIn(email, TEST_PASSWORD);
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'NOT_ADMIN' });
    }
  });

  it('refuses a plain user profile with 403 and leaves its last sign-in untouched', async () => {
    const account = await signUp();
    await t.db.insert(users).values({ uid: account.uid, email: account.email, role: 'user' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/speech-rate',
      headers: bearer(account.idToken),
      payload: { enabled: false, time_window: 9, max_words: 9 },
    });
    expect(response.statusCode).toBe(403);
    const [profile] = await t.db.select().from(users).where(eq(users.uid, account.uid));
    expect(profile.lastLogin).toBeNull();
  });

  it('records the actor from the stored profile, never from the token claims', async () => {
    const admin = await t.createAdmin();
    const token = forgeUnsignedToken({ uid: admin.uid, email: 'attacker@evil.test', name: 'Mallory', email_verified: true });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/speech-rate',
      headers: bearer(token),
      payload: { enabled: true, time_window: 33, max_words: 133 },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.actorUid, admin.uid));
    expect(row).toMatchObject({ actorUid: admin.uid, actorEmail: admin.email, action: 'speechRate.update' });
  });

  it('refuses a session begun in the same second as a revocation the portal made', async () => {
    const admin = await t.createAdmin();
    const revokedAt = new Date();
    await setProfile(t.db, admin.uid, { sessionsRevokedAt: revokedAt });
    const second = Math.floor(revokedAt.getTime() / 1000);
    const call = (authTime: number) =>
      t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(forgeUnsignedToken({ uid: admin.uid, authTime })) });
    for (const authTime of [second - 1, second]) {
      const refused = await call(authTime);
      expect(refused.statusCode, `auth_time ${authTime - second}`).toBe(401);
      expect(refused.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    }
    expect((await call(second + 1)).statusCode).toBe(200);
  });

  it('lets an active admin in and records the last sign-in time', async () => {
    const admin = await t.createAdmin();
    const response = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [profile] = await t.db.select().from(users).where(eq(users.uid, admin.uid));
    expect(profile.lastLogin).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - profile.lastLogin!.getTime())).toBeLessThan(60_000);
  });

  it('refuses a demoted, deactivated or deleted admin on the next request', async () => {
    const admin = await t.createAdmin();
    const call = () => t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers });
    expect((await call()).statusCode).toBe(200);
    for (const change of [{ role: 'user' as const }, { isActive: false }, { deletedAt: new Date() }]) {
      await setProfile(t.db, admin.uid, change);
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'NOT_ADMIN' });
      await setProfile(t.db, admin.uid, { role: 'admin', isActive: true, deletedAt: null });
      expect((await call()).statusCode).toBe(200);
    }
  });

  it('decides admin rights by uid, not by an admin email on another profile', async () => {
    const account = await signUp();
    await t.db.insert(users).values({ uid: `someone-else-${account.uid}`, email: account.email, role: 'admin' });
    const response = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(account.idToken) });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a disabled account on its next request', async () => {
    const admin = await t.createAdmin();
    expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers })).statusCode).toBe(200);
    await t.identity.updateUser(admin.uid, { disabled: true });
    await pastRevocationGranularity();
    const response = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
  });

  it('refuses revoked tokens, and accepts the token of a new sign-in', async () => {
    const admin = await t.createAdmin();
    expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers })).statusCode).toBe(200);
    await pastRevocationGranularity();
    await t.identity.revokeRefreshTokens(admin.uid);
    const revoked = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toBe('Bearer');

    const fresh = await signIn(admin.email, TEST_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('refuses the token of a deleted identity account', async () => {
    const admin = await t.createAdmin();
    await t.identity.deleteUser(admin.uid);
    const response = await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers });
    expect(response.statusCode).toBe(401);
  });
});
