import { testApp, type TestApp } from '../support/apiApp';
import { bearer } from '../support/identity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The app's JSON log lines, as pino writes them to the destination it is given. */
const capturedLog = () => {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
};

describe('request ids', () => {
  let t: TestApp;
  const log = capturedLog();

  beforeAll(async () => {
    t = await testApp('pglite', { logger: { level: 'info', stream: log.stream } });
  });
  afterAll(() => t?.close());

  it('follows a failed request from its error body and header to each of its log lines, which hold no token', async () => {
    const token = 'not-a-real-token-but-a-secret-looking-one';
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    const { requestId } = response.json() as { requestId: string };
    expect(requestId).toMatch(UUID);
    expect(response.headers['x-request-id']).toBe(requestId);
    const ofRequest = log.lines.filter((line) => line.reqId === requestId);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request denied', 'request completed']);
    expect(ofRequest.find((line) => line.msg === 'request denied')).toMatchObject({ event: 'auth.denied', level: 40 });
    expect(JSON.stringify(log.lines)).not.toContain(token);
  });

  it('gives every answer an id of its own: success, unknown API path, the portal fallback, a validation error', async () => {
    const answers = await Promise.all(
      [
        { method: 'GET' as const, url: '/api/health' },
        { method: 'GET' as const, url: '/api/no-such-thing' },
        { method: 'POST' as const, url: '/no-such-page' },
        { method: 'GET' as const, url: '/api/health?x=1&x=2' },
      ].map((request) => t.app.inject(request)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 404, 400]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const answer of answers.slice(1)) expect(answer.json().requestId).toBe(answer.headers['x-request-id']);
  });

  it('ignores an X-Request-Id sent without TRUST_PROXY', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  });
});

describe('request ids behind a trusted proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  let elsewhere: TestApp;
  const log = capturedLog();

  beforeAll(async () => {
    // app.inject's connection comes from 127.0.0.1: a proxy in the first app, a client in the second.
    proxied = await testApp('pglite', { trustProxy: ['127.0.0.1'], logger: { level: 'info', stream: log.stream } });
    elsewhere = await testApp('pglite', { trustProxy: ['10.0.0.0/8'] });
  });
  afterAll(async () => {
    await proxied?.close();
    await elsewhere?.close();
  });

  it("keeps the proxy's id in the header, the error body and the log lines", async () => {
    const id = 'Root=1-5759e988-bd862e3fe1be46a994272793';
    const response = await proxied.app.inject({ method: 'GET', url: '/api/admin/users', headers: { 'x-request-id': id } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe(id);
    expect(response.json().requestId).toBe(id);
    expect(log.lines.filter((line) => line.reqId === id).length).toBe(3);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['spaces', 'two words'],
    ['a line break', 'id\nforged log line'],
    ['quotes', '"id"'],
    ['empty', ''],
  ])('makes a new id instead of one with %s', async (_, id) => {
    const response = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('ignores the id from a connection that is not one of the proxies', async () => {
    const response = await elsewhere.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'from-a-client' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
