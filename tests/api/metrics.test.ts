import { parsePrometheusText, sampleValue, type Sample } from '../support/prometheus';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, sessionBody, transcript } from '../support/assistant';
import { bearer } from '../support/identity';

describe.each(DB_KINDS)('GET /api/metrics (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let metricsKey: Record<string, string>;
  let ingestKey: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    metricsKey = (await createKey(t, admin, ['metrics:read'], 'prometheus')).headers;
    ingestKey = (await createKey(t, admin, ['sessions:write'], 'assistant')).headers;
  });
  afterAll(() => t?.close());

  const scrape = async (): Promise<Sample[]> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: metricsKey });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parsePrometheusText(response.body).samples;
  };

  it("answers Prometheus' text format with the server's series and prom-client's process series", async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: metricsKey })).body;
    const { samples, types } = parsePrometheusText(text);
    expect(types.get('salescoach_http_requests_total')).toBe('counter');
    expect(types.get('salescoach_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('salescoach_db_query_duration_seconds')).toBe('histogram');
    expect(types.get('salescoach_ingest_events_total')).toBe('counter');
    expect(types.get('salescoach_read_cache_requests_total')).toBe('counter');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(sampleValue(samples, 'salescoach_embedding_queue_length')).toBe(0);
    const database = { database: kind };
    expect(sampleValue(samples, 'salescoach_db_pool_connections', database)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'salescoach_db_pool_idle_connections', database)).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'salescoach_db_pool_waiting_requests', database)).toBe(0);
    // The key's creation above ran statements on this database.
    expect(sampleValue(samples, 'salescoach_db_query_duration_seconds_count', { ...database, outcome: 'ok' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests under their route template and status, with their latency', async () => {
    const labels = { method: 'GET', route: '/api/admin/sessions/:sessionId', status_code: '404' };
    const before = await scrape();
    const beforeCount = sampleValue(before, 'salescoach_http_requests_total', labels) ?? 0;
    for (const id of ['nope-1', 'nope-2', 'nope-3']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${id}`, headers: admin })).statusCode).toBe(404);
    }
    const after = await scrape();
    expect(sampleValue(after, 'salescoach_http_requests_total', labels)).toBe(beforeCount + 3);
    expect(sampleValue(after, 'salescoach_http_request_duration_seconds_count', labels)).toBe(beforeCount + 3);
    expect(sampleValue(after, 'salescoach_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(beforeCount + 3);
    // The raw URL is never a label.
    expect(after.some((sample) => sample.labels.route?.includes('nope'))).toBe(false);
    // The first scrape is counted under its own route.
    expect(
      sampleValue(after, 'salescoach_http_requests_total', { method: 'GET', route: '/api/metrics', status_code: '200' }),
    ).toBeGreaterThan(0);
  });

  it('counts ingested events accepted, duplicate and refused', async () => {
    const before = await scrape();
    const value = (samples: Sample[], outcome: string) => sampleValue(samples, 'salescoach_ingest_events_total', { outcome });
    const body = sessionBody();
    expect((await t.app.inject({ method: 'POST', url: '/api/assistant/sessions', headers: ingestKey, payload: body })).statusCode).toBe(
      201,
    );
    const send = (sessionId: string, events: unknown[]) =>
      t.app.inject({ method: 'POST', url: `/api/assistant/sessions/${sessionId}/events`, headers: ingestKey, payload: { events } });
    const first = [transcript(1, 1, 'customer', 'Hello'), transcript(2, 2, 'salesperson', 'Hi')];
    expect((await send(body.sessionId, first)).statusCode).toBe(200);
    expect((await send(body.sessionId, [...first, transcript(3, 3, 'customer', 'Price?')])).json().data).toEqual({
      accepted: 1,
      duplicates: 2,
    });
    const refused = await send('no-such-session', [transcript(1, 1, 'customer', 'Hello'), transcript(2, 2, 'customer', at(2))]);
    expect(refused.statusCode).toBe(404);
    const after = await scrape();
    expect(value(after, 'accepted')).toBe((value(before, 'accepted') ?? 0) + 3);
    expect(value(after, 'duplicate')).toBe((value(before, 'duplicate') ?? 0) + 2);
    expect(value(after, 'refused')).toBe((value(before, 'refused') ?? 0) + 2);
  });

  it(
    kind === 'pglite' ? 'counts read cache misses then hits' : 'reports read cache series at zero (nothing is kept on PostgreSQL)',
    async () => {
      const before = await scrape();
      const url = '/api/admin/sessions?page=1&limit=7';
      for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
      const after = await scrape();
      const moved = (result: string) =>
        (sampleValue(after, 'salescoach_read_cache_requests_total', { result }) ?? Number.NaN) -
        (sampleValue(before, 'salescoach_read_cache_requests_total', { result }) ?? Number.NaN);
      if (kind === 'pglite') {
        expect(moved('miss')).toBe(1);
        expect(moved('hit')).toBe(2);
      } else {
        expect(moved('miss')).toBe(0);
        expect(moved('hit')).toBe(0);
      }
    },
  );

  it('counts dictionary texts waiting for their embedding at each scrape', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dictionary/faqs',
      headers: admin,
      payload: { question: 'Do you integrate with Salesforce?', answer: 'Yes, natively.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(sampleValue(await scrape(), 'salescoach_embedding_queue_length')).toBe(1);
  });

  it('refuses a key without metrics:read, an admin ID token, and no credentials', async () => {
    const refusedKey = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: ingestKey });
    expect(refusedKey.statusCode).toBe(403);
    expect(refusedKey.json()).toEqual({
      error: 'INSUFFICIENT_SCOPE',
      message: 'This service key lacks the "metrics:read" scope.',
      requestId: refusedKey.headers['x-request-id'],
    });
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: admin });
    expect(asAdmin.statusCode).toBe(401);
    expect(asAdmin.json()).toMatchObject({ error: 'NOT_AUTHENTICATED', message: 'The service key is not valid or has been revoked.' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    const revoked = await createKey(t, admin, ['metrics:read'], 'revoked');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${revoked.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(revoked.key) })).statusCode).toBe(401);
  });
});
