import type { AddressInfo } from 'node:net';
import { afterEach, vi } from 'vitest';
import { eventsOf, simulateCall } from '../../scripts/simulateCall';
import { generateSession } from '../../server/seed/sessions';
import { testApp, type TestApp } from '../support/apiApp';

/** The reference client (npm run simulate-call) against the real server on a loopback port. */
describe('simulate-call, the reference client of the assistant API', () => {
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  let url: string;

  const createKey = async (scopes: string[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: adminHeaders,
      payload: { name: `simulate ${scopes.join(' ')}`, scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.key as string;
  };
  const detailOf = async (sessionId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${sessionId}`, headers: adminHeaders });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const currentVersion = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/config-version', headers: adminHeaders })).json().data.version as number;

  beforeAll(async () => {
    t = await testApp('pglite');
    adminHeaders = (await t.createAdmin()).headers;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it('numbers the generated events in time order, from 1, starting with the call', () => {
    const session = generateSession(0, { seed: 5, now: Date.parse('2026-05-01T12:00:00Z'), transcripts: 40 });
    const start = Date.parse('2026-06-01T09:00:00Z');
    const events = eventsOf(session, start);
    expect(events.map(({ event }) => event.seq)).toEqual(events.map((_event, index) => index + 1));
    expect(events.filter(({ event }) => event.type === 'transcript')).toHaveLength(40);
    expect(new Set(events.map(({ event }) => event.type))).toEqual(
      new Set(['transcript', 'sentiment', 'detection', 'speech_alert', ...(session.detail!.landmines.length > 0 ? ['landmine'] : [])]),
    );
    const times = events.map(({ event }) => Date.parse(event.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(start);
    expect(times.at(-1)).toBeLessThanOrEqual(start + session.duration * 1_000);
  });

  it("names the configuration's items and landmines by their ids, as the live assistant does", () => {
    // The first generated call (of seeds 1, 2, ...) in which the salesperson strays into a landmine.
    let session = generateSession(0, { seed: 1, now: Date.parse('2026-05-01T12:00:00Z'), transcripts: 60 });
    for (let seed = 2; session.detail!.landmines.length === 0 && seed < 500; seed += 1)
      session = generateSession(0, { seed, now: Date.parse('2026-05-01T12:00:00Z'), transcripts: 60 });
    const [hit] = session.detail!.landmines;
    expect(hit).toBeDefined();
    const [detection] = session.detail!.detections.filter((candidate) => candidate.kind !== 'new_inquiry');
    const ids = {
      items: new Map([[`${detection.kind}:${detection.question.toLowerCase()}`, 'item-1']]),
      landmines: new Map([[hit.trigger.toLowerCase(), 'mine-1']]),
    };
    const events = eventsOf(session, Date.parse('2026-06-01T09:00:00Z'), ids).map(({ event }) => event);
    const named = events.filter((event) => event.type === 'detection' && event.question === detection.question);
    expect(named.length).toBeGreaterThan(0);
    for (const event of named) expect(event).toMatchObject({ itemId: 'item-1' });
    const others = events.filter((event) => event.type === 'detection' && event.question !== detection.question);
    for (const event of others) expect(event).toMatchObject({ itemId: null });
    const landmines = events.filter((event) => event.type === 'landmine');
    expect(landmines).toHaveLength(session.detail!.landmines.length);
    expect(landmines.find((event) => event.type === 'landmine' && event.trigger === hit.trigger)).toMatchObject({
      landmineId: 'mine-1',
      speaker: 'salesperson',
    });
  });

  it('streams a whole call with a key: created, every event stored, completed with the configuration version', async () => {
    const key = await createKey(['config:read', 'sessions:write']);
    const lines: string[] = [];
    const sessionId = await simulateCall({
      key,
      url,
      speed: Infinity,
      transcripts: 40,
      seed: 5,
      batch: 10,
      log: (line) => lines.push(line),
    });
    const detail = await detailOf(sessionId);
    expect(detail.status).toBe('completed');
    expect(detail.configVersion).toBe(await currentVersion());
    // seed 5, 40 transcripts: the generator's call has detections and one speech-rate alert (see the first test).
    const sent = eventsOf(generateSession(0, { seed: 5, now: Date.now(), transcripts: 40 }), 0).map(({ event }) => event);
    const detections = sent.filter((event) => event.type === 'detection').length;
    expect(detections).toBeGreaterThan(0);
    expect(detail.transcripts).toHaveLength(40);
    expect(detail.statistics.totalTranscripts).toBe(40);
    expect(detail.sentimentAnalysis.entries).toHaveLength(40);
    expect(detail.detectedObjections.length + detail.detectedFAQs.length + detail.newInquiries.length).toBe(detections);
    expect(detail.speechRateAnalysis.alerts).toHaveLength(1);
    expect(detail.duration).toBeGreaterThan(0);
    expect(lines.some((line) => /batch 1 \(seq 1-10\): accepted 10, duplicates 0/.test(line))).toBe(true);
    expect(lines.at(-1)).toContain(`/sessions/${sessionId}`);
  });

  it('resends a batch whose answer was lost, and the server counts it as duplicates: nothing is stored twice', async () => {
    const key = await createKey(['config:read', 'sessions:write']);
    const realFetch = globalThis.fetch;
    let lost = 0;
    // The second batch reaches the server, but its answer never reaches the client.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      if (String(input).endsWith('/events') && lost === 0 && String(init?.body).includes('"seq":11,')) {
        lost += 1;
        throw new TypeError('fetch failed: the connection was reset');
      }
      return response;
    });
    const lines: string[] = [];
    const sessionId = await simulateCall({
      key,
      url,
      speed: Infinity,
      transcripts: 16,
      seed: 9,
      batch: 10,
      log: (line) => lines.push(line),
    });
    expect(lost).toBe(1);
    expect(lines.some((line) => /batch 2 \(seq 11-20\) failed .*retrying/.test(line))).toBe(true);
    expect(lines.some((line) => /batch 2 \(seq 11-20\): accepted 0, duplicates 10/.test(line))).toBe(true);
    const detail = await detailOf(sessionId);
    expect(detail.transcripts).toHaveLength(16);
    expect(detail.sentimentAnalysis.entries).toHaveLength(16);
  });

  it('records version 0 with a key that may not read the configuration, and fails on a revoked key', async () => {
    const key = await createKey(['sessions:write']);
    const lines: string[] = [];
    const sessionId = await simulateCall({
      key,
      url,
      speed: Infinity,
      transcripts: 4,
      seed: 3,
      batch: 50,
      log: (line) => lines.push(line),
    });
    expect(lines[0]).toMatch(/lacks config:read/);
    expect((await detailOf(sessionId)).configVersion).toBe(0);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: adminHeaders });
    const { id } = list.json().data.find((row: { prefix: string }) => key.startsWith(row.prefix));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: adminHeaders })).statusCode).toBe(200);
    await expect(simulateCall({ key, url, speed: Infinity, transcripts: 4, seed: 3, batch: 50, log: () => undefined })).rejects.toThrow(
      /401/,
    );
  });
});
