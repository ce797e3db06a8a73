import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { sessionEvents } from '../../server/seed/sessions/events';
import { generateSession } from '../../server/seed/sessions';
import { createApiKey } from '../../server/services/apiKeys';
import { createFirebaseIdentity } from '../../server/services/identity';

/**
 * The sessions ingest's throughput (goal: >= 2,000 events/s with a p99 per batch
 * <= 50 ms on PGlite): CALLS generated calls streamed at once over HTTP to a server on a
 * fresh PGlite folder, each sending its events in batches of BATCH events, one batch after
 * the other, then completing. Prints events/s and the batch latencies; asserts nothing.
 * The server runs in this process (rate limits as in production) and the key is made by the
 * service, so no identity provider is needed.
 */
export interface IngestBenchOptions {
  calls?: number;
  batch?: number;
  /** Transcripts per generated call (events are about 2.1 times as many). */
  transcripts?: number;
  log?: (line: string) => void;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export const benchIngest = async ({ calls = 20, batch = 25, transcripts = 150, log = console.log }: IngestBenchOptions = {}) => {
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
    const generated = Array.from({ length: calls }, (_, i) => generateSession(i, { seed: 1313, now, transcripts }));
    const latencies: number[] = [];
    let events = 0;
    const t0 = performance.now();
    await Promise.all(
      generated.map(async (session) => {
        await post('/sessions', {
          sessionId: session.sessionId,
          sessionName: session.sessionName,
          userEmail: session.userEmail,
          startTime: new Date(session.startTime).toISOString(),
          metadata: { roomName: session.roomName },
          configVersion: 1,
        });
        const all = sessionEvents(session);
        for (let from = 0; from < all.length; from += batch) {
          const started = performance.now();
          await post(`/sessions/${session.sessionId}/events`, { events: all.slice(from, from + batch) });
          latencies.push(performance.now() - started);
        }
        events += all.length;
        await post(`/sessions/${session.sessionId}/complete`, {
          endTime: new Date(session.startTime + session.duration * 1000).toISOString(),
        });
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    log(
      `\nSessions ingest (PGlite, HTTP, ${calls} concurrent calls, batches of ${batch}): ${Math.round(events / seconds)} events/s ` +
        `(${events} events, ${latencies.length} batches in ${seconds.toFixed(1)} s); per batch p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms (goal: >= 2,000 events/s, p99 <= 50 ms; load average ${loadavg()[0].toFixed(1)})`,
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
