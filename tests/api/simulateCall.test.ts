import { spawn } from 'node:child_process';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, vi } from 'vitest';
import { backoffMs, createAssistantClient, RETRY_BUDGET_MS, retryAfterMsOf } from '../../scripts/assistantClient';
import { refreshConfig, simulateCall } from '../../scripts/simulateCall';
import { eventsOf } from '../../scripts/simulatedEvents';
import type { AssistantConfig } from '../../src/contract/assistant';
import {
  sessionDetections,
  sessionEventSeqs,
  sessionLandmineHits,
  sessions,
  sessionSentimentEntries,
  sessionSpeechAlerts,
  sessionTranscripts,
} from '../../server/db/schema';
import { generateSession } from '../../server/seed/sessions';
import { testApp, type TestApp } from '../support/apiApp';

/** An outage a proxy in front of the server plays, starting at the `at`th events request (1 is the first). */
interface Outage {
  at: number;
  /**
   * cut: that request reaches the server, its answer is lost and every connection is reset, as
   * are new ones, while the server behind keeps running. unavailable: that request and all the
   * others get a 503 from the proxy itself (an HTML page, with Retry-After), as a load balancer
   * answers while the servers behind it restart.
   */
  kind: 'cut' | 'unavailable';
  forMs: number;
}

const RETRY_AFTER_S = 2;
const PAGE = '<html><body><h1>503 Service Unavailable</h1></body></html>';
const UNAVAILABLE = [
  'HTTP/1.1 503 Service Unavailable',
  `Retry-After: ${RETRY_AFTER_S}`,
  'Content-Type: text/html',
  `Content-Length: ${PAGE.length}`,
  'Connection: close',
  '',
  PAGE,
].join('\r\n');

/** Whether `text` holds a whole HTTP request (its headers, then Content-Length bytes of body). */
const wholeRequest = (text: string) => {
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd < 0) return false;
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headerEnd))?.[1] ?? 0);
  return text.length >= headerEnd + 4 + length;
};

/**
 * A TCP proxy on a free loopback port in front of the server at `targetPort` (node:net, byte
 * for byte), which plays an outage on the client's side of it. It notes each request line it
 * sees, and counts the connections it reset while cut off.
 */
const startProxy = async (targetPort: number, outage: Outage | null) => {
  let state: 'up' | Outage['kind'] = 'up';
  let eventsRequests = 0;
  let refused = 0;
  let restoreTimer: NodeJS.Timeout | undefined;
  const requests: string[] = [];
  const open = new Set<{ client: Socket; upstream: Socket | null }>();
  let ended: () => void = () => undefined;
  const outageEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });

  const begin = (kind: Outage['kind'], forMs: number) => {
    if (state !== 'up') return;
    state = kind;
    if (kind === 'cut') {
      for (const { client, upstream } of open) {
        client.resetAndDestroy();
        upstream?.destroy();
      }
      open.clear();
    }
    restoreTimer = setTimeout(() => {
      state = 'up';
      ended();
    }, forMs);
  };

  const server = createServer((client) => {
    client.on('error', () => undefined);
    if (state === 'cut') {
      refused += 1;
      client.resetAndDestroy();
      return;
    }
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    open.add(pair);
    const close = () => {
      open.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('close', close);
    // Answering 503 itself, the proxy reads the whole request first, as a server would, then closes.
    let answering: string | null = null;
    const answer503 = () => {
      answering = '';
      const upstream = pair.upstream;
      pair.upstream = null;
      upstream?.removeAllListeners('close');
      upstream?.destroy();
    };
    // The request whose answer the outage loses.
    let losesAnswer = false;
    if (state === 'unavailable') answer503();
    else {
      const upstream = connect(targetPort, '127.0.0.1');
      pair.upstream = upstream;
      upstream.on('error', () => undefined);
      upstream.on('close', close);
      upstream.on('data', (chunk) => {
        if (losesAnswer) begin('cut', outage?.forMs ?? 0);
        else client.write(chunk);
      });
    }
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      for (const [, line, path] of text.matchAll(/(?:^|\n)((?:GET|POST) (\S+)) HTTP\/1\.1\r\n/g)) {
        requests.push(line);
        if (!path.endsWith('/events')) continue;
        eventsRequests += 1;
        if (outage?.at !== eventsRequests) continue;
        if (outage.kind === 'cut') losesAnswer = true;
        else begin('unavailable', outage.forMs);
      }
      if (answering === null && state === 'unavailable') answer503();
      if (answering === null) {
        pair.upstream?.write(chunk);
        return;
      }
      answering += text;
      if (wholeRequest(answering) && !client.writableEnded) client.end(UNAVAILABLE);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    refused: () => refused,
    outageEnded,
    /** Stops listening and drops what is open, whatever happened. */
    close: async () => {
      clearTimeout(restoreTimer);
      for (const { client, upstream } of open) {
        client.destroy();
        upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** The reference client (npm run simulate-call) against the real server on a loopback port. */
describe('simulate-call, the reference client of the assistant API', () => {
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  let url: string;
  let port: number;

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
  /** The events stored for a session, each as `seq type timestamp what`, by seq, read from the database. */
  const storedEvents = async (sessionId: string) => {
    const [session] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sessionId, sessionId));
    const id = session.id;
    const rows = [
      ...(await t.db.select().from(sessionTranscripts).where(eq(sessionTranscripts.sessionId, id))).map(
        (row) => [row.seq, 'transcript', row.ts, `${row.speaker}: ${row.text}`] as const,
      ),
      ...(await t.db.select().from(sessionDetections).where(eq(sessionDetections.sessionId, id))).map(
        (row) => [row.seq, 'detection', row.ts, `${row.category}: ${row.question}`] as const,
      ),
      ...(await t.db.select().from(sessionSentimentEntries).where(eq(sessionSentimentEntries.sessionId, id))).map(
        (row) => [row.seq, 'sentiment', row.ts, `${row.speaker}: ${row.dominantEmotion}`] as const,
      ),
      ...(await t.db.select().from(sessionSpeechAlerts).where(eq(sessionSpeechAlerts.sessionId, id))).map(
        (row) => [row.seq, 'speech_alert', row.ts, `${row.totalWords} words`] as const,
      ),
      ...(await t.db.select().from(sessionLandmineHits).where(eq(sessionLandmineHits.sessionId, id))).map(
        (row) => [row.seq, 'landmine', row.ts, row.trigger] as const,
      ),
    ];
    const seqs = (await t.db.select().from(sessionEventSeqs).where(eq(sessionEventSeqs.sessionId, id))).map((row) => row.seq);
    return {
      seqs: seqs.sort((a, b) => a - b),
      events: rows.sort((a, b) => a[0] - b[0]).map(([seq, type, ts, what]) => `${seq} ${type} ${ts.toISOString()} ${what}`),
    };
  };
  /** What the client sent for the call of `seed` that started at `startTime`, written as storedEvents writes it. */
  const sentEvents = (seed: number, transcripts: number, startTime: string) =>
    eventsOf(generateSession(0, { seed, now: Date.now(), transcripts }), Date.parse(startTime)).map(({ event }) => {
      const what =
        event.type === 'transcript'
          ? `${event.speaker}: ${event.text}`
          : event.type === 'detection'
            ? `${event.category}: ${event.question}`
            : event.type === 'sentiment'
              ? `${event.speaker}: ${event.dominant_emotion}`
              : event.type === 'speech_alert'
                ? `${event.total_words} words`
                : String(event.trigger);
      return `${event.seq} ${event.type} ${event.timestamp} ${what}`;
    });

  beforeAll(async () => {
    t = await testApp('pglite');
    adminHeaders = (await t.createAdmin()).headers;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
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
    expect(lines).toContain(`Configuration still version ${await currentVersion()}`);
  });

  it('refreshes its configuration with what changed since the version it holds, reaching the whole configuration', async () => {
    const key = await createKey(['config:read']);
    const { call, withRetry } = createAssistantClient({ key, url, log: () => {} });
    const held = await call<AssistantConfig>('GET', '/api/assistant/config');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/dictionary/faqs',
      headers: adminHeaders,
      payload: { question: 'Can we pay yearly?', answer: 'Yes, with two months free.' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const refreshed = await refreshConfig(call, withRetry, held);
    const whole = await call<AssistantConfig>('GET', '/api/assistant/config');
    expect(refreshed.version).toBe(whole.version);
    expect(refreshed.version).toBeGreaterThan(held.version);
    expect({ ...refreshed, generatedAt: '' }).toEqual({ ...whole, generatedAt: '' });
  });

  it('never prints its service key: it takes the key from the environment and refuses one on the command line', async () => {
    const key = await createKey(['config:read', 'sessions:write']);
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn('npm', ['run', 'simulate-call', '--', ...args], { env: { ...process.env, ...env } });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => resolve({ code, output }));
      });
    const streamed = await run(['--url', url, '--speed', 'max', '--transcripts', '4', '--seed', '3'], { SALESCOACH_API_KEY: key });
    expect(streamed.code, streamed.output).toBe(0);
    expect(streamed.output).toContain('Completed. Open');
    expect(streamed.output).not.toContain(key.slice(12));

    const refused = await run(['--key', key, '--url', url, '--transcripts', '4'], {});
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('takes its service key from SALESCOACH_API_KEY only');
    expect(refused.output).not.toContain('Completed. Open');
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

  it('waits between attempts with growing, jittered steps, and never sooner than Retry-After', () => {
    expect(RETRY_BUDGET_MS).toBeGreaterThanOrEqual(60_000);
    for (const [failures, step] of [
      [1, 500],
      [2, 1_000],
      [4, 4_000],
      [5, 8_000],
      [12, 8_000],
    ]) {
      expect(backoffMs(failures, null, () => 0)).toBe(step / 2);
      expect(backoffMs(failures, null, () => 0.999_999)).toBe(step);
    }
    expect(backoffMs(1, 3_000, () => 0.5)).toBe(3_000);
    expect(backoffMs(5, 3_000, () => 0.5)).toBe(6_000);
    const now = Date.parse('2026-06-01T09:00:00Z');
    expect(retryAfterMsOf('7', now)).toBe(7_000);
    expect(retryAfterMsOf(' 0 ', now)).toBe(0);
    expect(retryAfterMsOf('Mon, 01 Jun 2026 09:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMsOf('Mon, 01 Jun 2026 08:59:00 GMT', now)).toBe(0);
    expect(retryAfterMsOf(null, now)).toBeNull();
    expect(retryAfterMsOf('soon', now)).toBeNull();
  });

  it('keeps the call through a 20 s outage: the lost batch is resent, nothing is lost or stored twice, the call completes', {
    timeout: 120_000,
  }, async () => {
    const key = await createKey(['config:read', 'sessions:write']);
    // Batch 3 reaches the server and is stored; its answer is lost as the connection is cut for 20 s.
    const proxy = await startProxy(port, { at: 3, kind: 'cut', forMs: 20_000 });
    try {
      const lines: string[] = [];
      const sessionId = await simulateCall({
        key,
        url: proxy.url,
        speed: Infinity,
        transcripts: 24,
        seed: 11,
        batch: 10,
        log: (line) => lines.push(line),
      });
      await proxy.outageEnded;
      // The client kept trying while cut off: the proxy reset its new connections.
      expect(proxy.refused()).toBeGreaterThan(0);
      const batch3 = lines.filter((line) => line.includes('batch 3 (seq 21-30)'));
      // One line as the outage begins, one as the server answers again, then the batch's answer.
      expect(batch3).toHaveLength(3);
      expect(batch3[0]).toMatch(/failed \(.*\); server unreachable, retrying in [\d.]+ s \([\d.]+ s of 60 s\)$/);
      expect(batch3[1]).toMatch(/: server back after [\d.]+ s \(\d+ attempts\)$/);
      expect(batch3[2]).toMatch(/: accepted 0, duplicates 10;/);
      expect(lines.at(-1)).toContain(`/sessions/${sessionId}`);

      const detail = await detailOf(sessionId);
      expect(detail.status).toBe('completed');
      const sent = sentEvents(11, 24, detail.startTime);
      expect(sent.length).toBeGreaterThan(30);
      const stored = await storedEvents(sessionId);
      expect(stored.seqs).toEqual(sent.map((_event, index) => index + 1));
      expect(stored.events).toEqual(sent);
      expect(detail.transcripts).toHaveLength(24);
    } finally {
      await proxy.close();
    }
  });

  it("waits as a 503's Retry-After asks, through an error page that is not JSON, and goes on", { timeout: 60_000 }, async () => {
    const key = await createKey(['config:read', 'sessions:write']);
    const proxy = await startProxy(port, { at: 2, kind: 'unavailable', forMs: 3_000 });
    try {
      const lines: string[] = [];
      const sessionId = await simulateCall({
        key,
        url: proxy.url,
        speed: Infinity,
        transcripts: 8,
        seed: 4,
        batch: 10,
        log: (line) => lines.push(line),
      });
      const batch2 = lines.filter((line) => line.includes('batch 2 (seq 11-'));
      expect(batch2[0]).toMatch(
        new RegExp(`failed \\(POST \\S+/events: 503 <html>.*\\); server answered 503, retrying in ${RETRY_AFTER_S} s \\(`),
      );
      expect(batch2[1]).toMatch(/: server back after/);
      // The proxy answered 503 without passing the batch on: the server stores it when it gets through.
      const [, last, accepted] = /batch 2 \(seq 11-(\d+)\): accepted (\d+), duplicates 0;/.exec(batch2[2]) ?? [];
      expect(Number(accepted)).toBeGreaterThan(0);
      expect(Number(accepted)).toBe(Number(last) - 10);
      const detail = await detailOf(sessionId);
      expect(detail.status).toBe('completed');
      expect((await storedEvents(sessionId)).events).toEqual(sentEvents(4, 8, detail.startTime));
    } finally {
      await proxy.close();
    }
  });

  it("fails at once on the client's own mistakes (a key the server refuses, a missing scope), without retrying", async () => {
    const proxy = await startProxy(port, null);
    try {
      const lines: string[] = [];
      const run = (key: string) =>
        simulateCall({ key, url: proxy.url, speed: Infinity, transcripts: 4, seed: 3, batch: 50, log: (line) => lines.push(line) });
      await expect(run(`scak_${'x'.repeat(43)}`)).rejects.toThrow(/GET \/api\/assistant\/config: 401 NOT_AUTHENTICATED/);
      expect(proxy.requests).toEqual(['GET /api/assistant/config']);

      const readOnly = await createKey(['config:read']);
      await expect(run(readOnly)).rejects.toThrow(/POST \/api\/assistant\/sessions: 403 INSUFFICIENT_SCOPE/);
      expect(proxy.requests).toEqual(['GET /api/assistant/config', 'GET /api/assistant/config', 'POST /api/assistant/sessions']);
      expect(lines.filter((line) => /retrying/.test(line))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
