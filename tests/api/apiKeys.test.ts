import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { apiKeys, auditLog } from '../../server/db/schema';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';
import { bearer, signUp } from '../support/identity';

describe.each(DB_KINDS)('service keys (%s)', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createAdmin']>>;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    t = await testApp(kind, {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
    await t.app.ready();
    admin = await t.createAdmin();
  });
  afterAll(() => t?.close());

  const config = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/assistant/config', headers });

  it('creates a key: 201 with the secret once, stored only as its SHA-256, audited without the secret', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin.headers,
      payload: { name: 'Live assistant', scopes: ['config:read'] },
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ id: expect.any(String), name: 'Live assistant', scopes: ['config:read'], createdAt: expect.any(String) });
    expect(data.key).toMatch(/^scak_[A-Za-z0-9_-]{43}$/);
    expect(data.prefix).toBe(data.key.slice(0, 12));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, data.id));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(data.key.slice(12));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, data.id));
    expect(audit.map((entry) => entry.action)).toEqual(['apiKey.create']);
    expect(audit[0].actorUid).toBe(admin.uid);
    expect(JSON.stringify(audit)).not.toContain(data.key.slice(12));
  });

  it('never returns a secret again: the list and the item carry no key nor hash', async () => {
    const { id, key } = await createKey(t, admin.headers, ['sessions:write'], 'listed');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ success: true, data: expect.any(Array) });
    const listed = list.json().data.find((entry: { id: string }) => entry.id === id);
    expect(listed).toEqual({
      id,
      name: 'listed',
      scopes: ['sessions:write'],
      prefix: key.slice(0, 12),
      createdByUid: admin.uid,
      createdByEmail: admin.email,
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/api-keys/${id}`, headers: admin.headers });
    expect(one.json()).toEqual({ success: true, data: listed });
    for (const body of [list.body, one.body]) {
      expect(body).not.toContain(key.slice(12));
      expect(body).not.toContain('keyHash');
    }
  });

  it.each([
    ['no name', { scopes: ['config:read'] }],
    ['a blank name', { name: '  ', scopes: ['config:read'] }],
    ['no scope', { name: 'k', scopes: [] }],
    ['an unknown scope', { name: 'k', scopes: ['admin'] }],
    ['a repeated scope', { name: 'k', scopes: ['config:read', 'config:read'] }],
    ['an unknown field', { name: 'k', scopes: ['config:read'], key: 'scak_mine' }],
  ])('refuses %s with 400', async (_label, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin.headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('checks scopes per route: 403 INSUFFICIENT_SCOPE without it, 200 with it', async () => {
    const reader = await createKey(t, admin.headers, ['config:read']);
    const writer = await createKey(t, admin.headers, ['sessions:write']);
    expect((await config(reader.headers)).statusCode).toBe(200);
    const refused = await config(writer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'INSUFFICIENT_SCOPE',
      message: 'This service key lacks the "config:read" scope.',
      requestId: expect.any(String),
    });
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/assistant/sessions',
      headers: reader.headers,
      payload: { sessionId: 'scope-check' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ error: 'INSUFFICIENT_SCOPE' });
  });

  it('revokes on the next call (401), audits once, and a second revoke changes nothing', async () => {
    const { id, headers } = await createKey(t, admin.headers, ['config:read']);
    // several calls first: on PGlite the key's verdict is kept between calls while nothing is written
    for (let call = 0; call < 3; call += 1) expect((await config(headers)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: admin.headers });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).toEqual(expect.any(String));
    const refused = await config(headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.json()).toEqual({
      error: 'NOT_AUTHENTICATED',
      message: 'The service key is not valid or has been revoked.',
      requestId: expect.any(String),
    });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: admin.headers });
    expect(again.json().data.revokedAt).toBe(revoked.json().data.revokedAt);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['apiKey.create', 'apiKey.revoke']);
  });

  it('answers 404 for an unknown key id and 400 for a malformed one', async () => {
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/api-keys/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Service key not found', requestId: expect.any(String) });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/api-keys/nope', headers: admin.headers })).statusCode).toBe(400);
  });

  it('refuses unknown, altered, truncated and missing keys with 401', async () => {
    const { key } = await createKey(t, admin.headers);
    const flipped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${flipped}`,
      `Bearer ${key.slice(0, -2)}`,
      `Basic ${key}`,
      `Bearer scak_${'x'.repeat(43)}`,
    ]) {
      const response = await config(authorization ? { authorization } : {});
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    }
  });

  it('records the last use at most once a minute', async () => {
    const { id, headers } = await createKey(t, admin.headers, ['config:read']);
    await config(headers);
    const [first] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    await config(headers);
    const [second] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
    await t.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, id));
    await config(headers);
    const [third] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(third.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 30_000);
  });

  it('a refused call leaves the last use as it was', async () => {
    const { id, headers } = await createKey(t, admin.headers, ['sessions:write']);
    expect((await config(headers)).statusCode).toBe(403);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.lastUsedAt).toBeNull();
  });

  it('a service key never opens an admin route: 401 on every route that needs a sign-in', async () => {
    const { key } = await createKey(t, admin.headers);
    // GET /api/metrics takes service keys too (metrics:read): tests/api/metrics.test.ts.
    const adminRoutes = routes.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/assistant/') && route.url !== '/api/metrics',
    );
    let guarded = 0;
    for (const route of adminRoutes) {
      const request = { method: route.method as 'GET', url: route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000') };
      // Public routes (health, the API description) answer anyone; the rest must refuse the key.
      if ((await t.app.inject(request)).statusCode !== 401) continue;
      guarded += 1;
      const response = await t.app.inject({ ...request, headers: bearer(key) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(guarded).toBeGreaterThan(20);
  });

  it('an admin ID token never opens /api/assistant/*: 401 on every assistant route', async () => {
    const assistantRoutes = routes.filter((route) => route.url.startsWith('/api/assistant/'));
    expect(assistantRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/assistant/config',
        'POST /api/assistant/sessions',
        'POST /api/assistant/sessions/:sessionId/events',
        'POST /api/assistant/sessions/:sessionId/complete',
      ]),
    );
    for (const route of assistantRoutes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, 'x'),
        headers: admin.headers,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    }
  });

  it('keeps the key routes for admins: 401 without a token, 403 for a non-admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/api-keys' })).statusCode).toBe(401);
    const user = await signUp();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearer(user.idToken) });
    expect(response.statusCode).toBe(403);
  });
});

describe('service key rate limit', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('limits calls per key with 429 and Retry-After, and another key keeps its own budget', async () => {
    t = await testApp('pglite', { rateLimit: { max: 100, timeWindowMs: 60_000 }, assistantRateLimit: { max: 3, timeWindowMs: 60_000 } });
    const admin = await t.createAdmin();
    const first = await createKey(t, admin.headers, ['config:read']);
    const second = await createKey(t, admin.headers, ['config:read']);
    const call = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/assistant/config', headers });
    for (let i = 0; i < 3; i += 1) expect((await call(first.headers)).statusCode).toBe(200);
    const limited = await call(first.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect((await call(second.headers)).statusCode).toBe(200);
    // The budget is counted before the key is looked up (a flood never reaches the database):
    // over it, a key is refused with 429 even once revoked, and a key nobody issued has its own.
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${first.id}`, headers: admin.headers });
    expect(revoked.statusCode).toBe(200);
    expect((await call(first.headers)).statusCode).toBe(429);
    const unknown = { authorization: `Bearer scak_${'x'.repeat(43)}` };
    for (let i = 0; i < 3; i += 1) expect((await call(unknown)).statusCode).toBe(401);
    expect((await call(unknown)).statusCode).toBe(429);
  });
});
