import { describe, expect, it, vi } from 'vitest';
import { createPortalAuth } from '../../src/authProvider/portalAuth';
import { createHttpClient, type HttpClientOptions } from '../../src/dataProvider/httpClient';
import { buildIdTokenResult, createFakeFirebase, createMemoryStorage, NOW } from './authFakes';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { url: string; method: string; auth: string | null; contentType: string | null; body: unknown };

const admin = { uid: 'admin-uid', email: 'admin@salescoach.test' };

/**
 * A fake server: `respond` decides per request; every request is recorded. The token and its
 * single-flight refresh come from the real portalAuth over a fake Firebase, wired as
 * createPortal.ts wires them; `refreshes()` counts the provider's forced refreshes.
 */
const setup = (respond: (call: Call) => Response | Promise<Response>, options: Partial<HttpClientOptions> = {}) => {
  const calls: Call[] = [];
  const { port, fake } = createFakeFirebase();
  fake.setUser(admin);
  fake.cachedToken = buildIdTokenResult({ token: 'old' });
  fake.refreshedToken = buildIdTokenResult({ token: 'new' });
  fake.refreshDelayMs = 5;
  const portalAuth = createPortalAuth({ auth: port, allowedUids: [admin.uid], storage: createMemoryStorage(), clock: () => NOW });
  const onAuthFailure = vi.fn();
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call = {
      url: String(input),
      method: init.method ?? 'GET',
      auth: headers.get('Authorization'),
      contentType: headers.get('Content-Type'),
      body: init.body,
    };
    calls.push(call);
    return respond(call);
  });
  const client = createHttpClient({
    baseUrl: 'http://api.test',
    getToken: async () => (await portalAuth.getValidToken())?.token ?? null,
    refreshToken: async () => (await portalAuth.refreshToken()).token,
    onAuthFailure,
    fetch: fetchFn as typeof fetch,
    ...options,
  });
  return { client, calls, fake, refreshes: () => fake.calls.forcedRefresh, onAuthFailure };
};

const okForNewToken = (call: Call) =>
  call.auth === 'Bearer new'
    ? json(200, { success: true, data: call.url })
    : json(401, { error: 'NOT_AUTHENTICATED', message: 'bad token' });

describe('createHttpClient', () => {
  it('types the JSON text ra-data-simple-rest sends untyped, and sends its bodyless DELETE untyped (the server refuses text/plain)', async () => {
    const { client, calls } = setup(() => json(201, { id: '1' }));
    await client.fetchJson('http://api.test/api/battlecards', { method: 'POST', body: JSON.stringify({ name: 'Gong' }) });
    await client.fetchJson('http://api.test/api/battlecards/1', { method: 'PUT', body: '{}', headers: { 'Content-Type': 'text/csv' } });
    await client.fetchJson('http://api.test/api/battlecards');
    await client.fetchJson('http://api.test/api/battlecards/1', {
      method: 'DELETE',
      headers: new Headers({ 'Content-Type': 'text/plain' }),
    });
    expect(calls.map((call) => [call.method, call.contentType])).toEqual([
      ['POST', 'application/json'],
      ['PUT', 'text/csv'],
      ['GET', null],
      ['DELETE', null],
    ]);
  });

  it('prefixes /api, sends the bearer token and JSON, and returns the parsed body', async () => {
    const { client, calls } = setup(() => json(200, { success: true }));
    await expect(client.request('/speech-rate', { method: 'PUT', body: { enabled: true } })).resolves.toEqual({ success: true });
    expect(calls[0]).toMatchObject({
      url: 'http://api.test/api/speech-rate',
      method: 'PUT',
      auth: 'Bearer old',
      contentType: 'application/json',
      body: '{"enabled":true}',
    });
  });

  it('sends no body and no JSON content type on a bodyless POST', async () => {
    const { client, calls } = setup(() => json(200, { success: true }));
    await client.request('/admin/users/u1/toggle', { method: 'POST' });
    expect(calls[0].body).toBeUndefined();
    expect(calls[0].contentType).toBeNull();
  });

  it('omits the Authorization header when there is no token', async () => {
    const { client, calls } = setup(() => json(200, {}), { getToken: async () => null });
    await client.request('/health');
    expect(calls[0].auth).toBeNull();
  });

  it('encodes the query and skips empty values', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.request('/admin/users', { query: { page: 1, limit: 15, search: 'a&b c', isActive: false, role: undefined, q: '' } });
    expect(calls[0].url).toBe('http://api.test/api/admin/users?page=1&limit=15&search=a%26b+c&isActive=false');
  });

  it('throws the server error shape as an HttpError', async () => {
    const { client } = setup(() => json(400, { error: 'VALIDATION_ERROR', message: 'time_window too large' }));
    await expect(client.request('/speech-rate')).rejects.toMatchObject({
      status: 400,
      message: 'time_window too large',
      body: { error: 'VALIDATION_ERROR', message: 'time_window too large' },
    });
  });

  it('defaults the error to API_ERROR and the message to "HTTP status: text"', async () => {
    const { client } = setup(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client.request('/speech-rate')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502: Bad Gateway',
      body: { error: 'API_ERROR', message: 'HTTP 502: Bad Gateway' },
    });
  });

  it('gives up after the timeout with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    try {
      const { client } = setup(() => new Promise<Response>(() => undefined), {
        fetch: ((_: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          )) as typeof fetch,
      });
      const pending = client.request('/speech-rate');
      const assertion = expect(pending).rejects.toMatchObject({ status: 408, body: { error: 'TIMEOUT' } });
      await vi.advanceTimersByTimeAsync(30_000);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes once for 10 concurrent 401s and retries each request once', async () => {
    const { client, calls, refreshes, onAuthFailure } = setup(okForNewToken);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => client.request(`/r/${i}`)));
    expect(results.map((r) => (r as { data: string }).data)).toEqual(Array.from({ length: 10 }, (_, i) => `http://api.test/api/r/${i}`));
    expect(refreshes()).toBe(1);
    expect(calls.filter((c) => c.auth === 'Bearer old')).toHaveLength(10);
    expect(calls.filter((c) => c.auth === 'Bearer new')).toHaveLength(10);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('retries without a second refresh when a 401 arrives after the shared refresh finished', async () => {
    const { client, refreshes } = setup(async (call) => {
      const index = Number(call.url.split('/').pop());
      if (call.auth === 'Bearer old') await new Promise((resolve) => setTimeout(resolve, index * 4));
      return okForNewToken(call);
    });
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.request(`/r/${i}`)));
    expect(refreshes()).toBe(1);
  });

  it('signs out once and rejects every request with AUTHENTICATION_FAILED when the refresh fails', async () => {
    const { client, calls, fake, refreshes, onAuthFailure } = setup(okForNewToken);
    fake.refreshedToken = null;
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => client.request(`/r/${i}`)));
    expect(refreshes()).toBe(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(10);
    for (const result of results) {
      expect(result).toMatchObject({
        status: 'rejected',
        reason: { status: 401, body: { error: 'AUTHENTICATION_FAILED', message: 'app.auth.sessionExpired' } },
      });
    }
  });

  it('signs out once when the retry after a successful refresh is refused again', async () => {
    const { client, refreshes, onAuthFailure, calls } = setup(() => json(401, { error: 'NOT_AUTHENTICATED', message: 'revoked' }));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.request('/speech-rate')));
    expect(refreshes()).toBe(1);
    expect(calls).toHaveLength(10);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
  });

  it.each([
    [403, { error: 'NOT_ADMIN', message: 'Admin only' }],
    [503, { error: 'AUTH_UNAVAILABLE', message: 'Identity provider unavailable' }],
  ])('neither refreshes nor signs out on %i', async (status, body) => {
    const { client, refreshes, onAuthFailure, calls } = setup(() => json(status, body));
    await expect(client.request('/admin/sessions')).rejects.toMatchObject({ status, body });
    expect(calls).toHaveLength(1);
    expect(refreshes()).toBe(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
