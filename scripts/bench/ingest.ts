import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { sessionEvents } from '../../server/seed/sessions/events';
import { type GeneratedSession, generateSession } from '../../server/seed/sessions';
import type { IngestEvent } from '../../src/contract/assistantSessions';
import { createApiKey } from '../../server/services/apiKeys';
import { createFirebaseIdentity } from '../../server/services/identity';

/**
 * The sessions ingest's throughput (goal: >= 2,000 events/s with a p99 per batch
 * <= 50 ms on PGlite): CALLS generated calls streamed at once over HTTP to a server on a
 * fresh PGlite folder, each sending its events in batches of BATCH events, one batch after
 * the other, then completing, and the next call on that line opening. Prints events/s and the batch latencies; asserts nothing.
 * The server runs in this process (rate limits as in production) and the key is made by the
 * service, so no identity provider is needed.
 *
 * Two runs, because a latency means something only at a stated load:
 * - saturated (`rate` unset): every call sends its next batch as soon as the last one is
 *   answered, so the figure is the most the ingest takes; its latencies are mostly waiting
 *   in line behind the other 19 calls (one PGlite connection serves them in turn);
 * - paced (`rate` events/s in all): each call sends a batch every calls x batch / rate
 *   seconds, as a live call does, and each latency counts from the moment its batch was due
 *   (not from when it was sent), so a slow answer also charges the batches it held up.
 */
export interface IngestBenchOptions {
  calls?: number;
  batch?: number;
  /** Transcripts per generated call (events are about 2.1 times as many). */
  transcripts?: number;
  /** Events per second offered by all calls together; unset: as fast as the ingest answers. */
  rate?: number;
  log?: (line: string) => void;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export const benchIngest = async ({ calls = 20, batch = 25, transcripts = 300, rate, log = console.log }: IngestBenchOptions = {}) => {
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-ingest-'));
  const database = await openDatabase({ dataDir: join(folder, 'db') });
  const identity = createFirebaseIdentity({ projectId: 'demo-salescoach-bench' });
  const app = await buildApp({
    db: database.db,
    identity,
    runtimeConfig: {
      apiBaseUrl: '',
      firebase: { apiKey: 'bench', authDomain: 'localhost', projectId: 'demo-salescoach-bench' },
      authEmulatorUrl: null,
      adminUids: [],
    },
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const { key } = await createApiKey(database.db, { uid: 'bench', email: null }, { name: 'bench', scopes: ['sessions:write'] });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}/api/assistant${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
      return text;
    };
    const now = Date.now();
    const open = (session: GeneratedSession) =>
      post('/sessions', {
        sessionId: session.sessionId,
        sessionName: session.sessionName,
        userEmail: session.userEmail,
        startTime: new Date(session.startTime).toISOString(),
        metadata: { roomName: session.roomName },
        configVersion: 1,
      });
    const complete = (session: GeneratedSession) =>
      post(`/sessions/${session.sessionId}/complete`, { endTime: new Date(session.startTime + session.duration * 1000).toISOString() });
    const batchesOf = (session: GeneratedSession) => {
      const all = sessionEvents(session);
      return Array.from({ length: Math.ceil(all.length / batch) }, (_, k) => all.slice(k * batch, (k + 1) * batch));
    };

    // A running server is warm: one short call first, outside the figures (long enough for
    // the database to settle on its plan for storing a batch, which takes a few calls).
    const warmUp = generateSession(0, { seed: 1717, now, transcripts: 120 });
    await open(warmUp);
    for (const events of batchesOf(warmUp)) await post(`/sessions/${warmUp.sessionId}/events`, { events });
    await complete(warmUp);

    // `calls` lines, each always carrying one live call: when a call ends (and is completed)
    // the next opens, so calls end at different moments, as in a contact centre. Call lengths
    // vary from 0.4 to 1 times `transcripts`; every line sends the same number of batches.
    const perLine = Math.ceil((transcripts * 2.1 * 1.5) / batch);
    const lines = Array.from({ length: calls }, (_, line) => {
      const planned: { session: GeneratedSession; batches: IngestEvent[][] }[] = [];
      for (let j = 0, sent = 0; sent < perLine; j += 1) {
        const share = ((line * 7 + j * 13) % 20) / 19;
        const session = generateSession(line * 100 + j + 1, {
          seed: 1313,
          now,
          transcripts: Math.round(transcripts * (0.4 + 0.6 * share)),
        });
        const batches = batchesOf(session).slice(0, perLine - sent);
        planned.push({ session, batches });
        sent += batches.length;
      }
      return planned;
    });
    // The lines' first calls are already live when the clock starts; later ones open on their line.
    await Promise.all(lines.map((planned) => open(planned[0].session)));
    const latencies: number[] = [];
    let events = 0;
    // Paced: line i sends its batch k at t0 + offset_i + k * interval (offsets spread the lines).
    const interval = rate ? (calls * batch * 1000) / rate : 0;
    const t0 = performance.now();
    await Promise.all(
      lines.map(async (planned, i) => {
        let k = 0;
        for (const { session, batches } of planned) {
          if (session !== planned[0].session) await open(session);
          for (const batchEvents of batches) {
            const due = t0 + (interval * i) / calls + interval * k;
            k += 1;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            const started = rate ? due : performance.now();
            await post(`/sessions/${session.sessionId}/events`, { events: batchEvents });
            latencies.push(performance.now() - started);
            events += batchEvents.length;
          }
          // The lines stop together: the calls still live then are completed after the clock.
          if (session !== planned.at(-1)?.session) await complete(session);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    await Promise.all(lines.map((planned) => complete(planned.at(-1)!.session)));
    latencies.sort((a, b) => a - b);
    log(
      `\nSessions ingest (PGlite, HTTP, ${calls} concurrent calls, batches of ${batch}, ${rate ? `paced at ${rate} events/s offered` : 'saturated'}): ` +
        `${Math.round(events / seconds)} events/s ` +
        `(${events} events, ${latencies.length} batches in ${seconds.toFixed(1)} s); per batch p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms (${rate ? 'goal: p99 <= 50 ms at 2,000 events/s' : 'goal: >= 2,000 events/s; these latencies are mostly time in line'}; load average ${loadavg()[0].toFixed(1)})`,
    );
  } finally {
    await app.close();
    await database.close();
    await identity.close();
    rmSync(folder, { recursive: true, force: true });
  }
};

// `tsx scripts/bench/ingest.ts`: this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchIngest();
