import { z } from 'zod';
import { testApp, type TestApp } from '../support/apiApp';

describe('error handling and request rules', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp('pglite');
    // Test-only routes, registered like any route (so the auth hook guards them too).
    const app = t.app;
    app.post('/api/test/bodyless', async () => ({ ok: true }));
    app.delete('/api/test/bodyless', async () => ({ ok: true }));
    app.get('/api/test/query', { schema: { querystring: z.object({ role: z.string().optional() }) } }, async (request) => request.query);
    app.get('/api/test/boom', async () => {
      throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "secret"');
    });
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const putSpeechRate = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'PUT', url: '/api/speech-rate', headers: { ...headers, 'content-type': contentType }, payload });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await putSpeechRate('{"enabled": tru');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.any(String) });
  });

  it.each([
    '{"__proto__": {"admin": true}, "enabled": true, "time_window": 30, "max_words": 150}',
    '{"constructor": {"prototype": {"admin": true}}, "enabled": true, "time_window": 30, "max_words": 150}',
  ])('refuses prototype-poisoning keys with 400: %s', async (payload) => {
    const response = await putSpeechRate(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringContaining('__proto__') });
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])('answers content type %s with 415', async (type) => {
    const response = await putSpeechRate('enabled=true', type);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
  });

  it('answers a body over 256 KiB with 413', async () => {
    const response = await putSpeechRate(JSON.stringify({ enabled: true, padding: 'x'.repeat(300 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/speech-rate/extra'],
    ['DELETE', '/api'],
  ] as const)('answers %s %s with a JSON 404', async (method, url) => {
    const response = await t.app.inject({ method, url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it.each([
    ['POST', {}],
    ['POST', { 'content-type': 'application/json' }],
    ['POST', { 'content-type': 'application/json; charset=utf-8' }],
    ['DELETE', {}],
    ['DELETE', { 'content-type': 'application/json' }],
  ] as const)('accepts a bodyless %s with headers %o', async (method, extra) => {
    const response = await t.app.inject({ method, url: '/api/test/bodyless', headers: { ...headers, ...extra } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('refuses repeated query keys with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/query?role=admin', headers })).json()).toEqual({ role: 'admin' });
    const response = await t.app.inject({ method: 'GET', url: '/api/test/query?role=admin&role=user', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.stringContaining('role') });
  });

  it('hides internal errors behind a generic 500 with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ error: 'INTERNAL_ERROR', message: 'Internal server error', requestId: expect.any(String) });
    expect(response.body).not.toMatch(/secret|10\.0\.0\.5|password/);
  });

  it('sends security headers and no-store on API responses', async () => {
    for (const request of [{ url: '/api/health' }, { url: '/api/speech-rate', headers }, { url: '/api/speech-rate' }]) {
      const response = await t.app.inject({ method: 'GET', ...request });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('security logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await testApp('pglite', { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    t.app.post('/api/test/log', async (request) => {
      request.log.info({ body: request.body, password: 'Hunter-22', newPassword: 'Hunter-33' }, 'handler saw a body');
      return { ok: true };
    });
  });
  afterAll(() => t?.close());

  it('logs denied requests as security events without the token', async () => {
    await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: { authorization: 'Bearer leaked-token-value' } });
    const events = lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === 'auth.denied');
    expect(events).toEqual([
      expect.objectContaining({ level: 40, reason: expect.stringContaining('invalid token'), url: '/api/speech-rate' }),
    ]);
    expect(lines.join('\n')).not.toContain('leaked-token-value');
  });

  it('logs the client address of a denied request, and its path without the query string', async () => {
    const from = lines.length;
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/sessions?rep=someone%40customer.test',
      remoteAddress: '203.0.113.9',
    });
    await t.app.inject({ method: 'GET', url: '/api/assistant/config?who=another@customer.test', remoteAddress: '203.0.113.10' });
    const events = lines
      .slice(from)
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.event === 'auth.denied');
    expect(events).toEqual([
      expect.objectContaining({ ip: '203.0.113.9', url: '/api/admin/sessions', method: 'DELETE' }),
      expect.objectContaining({ ip: '203.0.113.10', url: '/api/assistant/config', method: 'GET' }),
    ]);
    expect(JSON.stringify(events)).not.toContain('customer.test');
  });

  it("keeps the query string's values out of every request line: the path and the parameters' names only", async () => {
    const from = lines.length;
    const admin = await t.createAdmin();
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?q=jane.doe%40customer.test&limit=10',
      headers: admin.headers,
      remoteAddress: '198.51.100.7',
    });
    await t.app.inject({ method: 'GET', url: '/api/search?q=card+number+4111&speaker=customer', remoteAddress: '198.51.100.8' });
    const entries = lines.slice(from).map((line) => JSON.parse(line));
    const incoming = entries.filter((entry) => entry.msg === 'incoming request');
    expect(incoming.map((entry) => entry.req)).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/admin/users', queryParameters: ['q', 'limit'], remoteAddress: '198.51.100.7' }),
      expect.objectContaining({ method: 'GET', url: '/api/search', queryParameters: ['q', 'speaker'], remoteAddress: '198.51.100.8' }),
    ]);
    expect(entries.filter((entry) => entry.msg === 'request completed')).toHaveLength(2);
    const written = lines.slice(from).join('\n');
    for (const personal of ['jane.doe', 'customer.test', 'card', '4111']) expect(written).not.toContain(personal);
  });

  it('redacts passwords and authorization headers', async () => {
    const admin = await t.createAdmin();
    await t.app.inject({
      method: 'POST',
      url: '/api/test/log',
      headers: admin.headers,
      payload: { password: 'Hunter-11', newPassword: 'Hunter-44' },
    });
    const log = lines.join('\n');
    expect(log).toContain('handler saw a body');
    expect(log).not.toMatch(/Hunter-\d\d/);
    expect(log).not.toContain(admin.idToken);
  });
});
