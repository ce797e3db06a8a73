import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { seedSessions } from '../../server/seed/sessions';
import { freePort } from '../freePort';
import { SERVER_BUNDLE } from '../buildServer';
import { ENCODER_IDLE_MS } from '../../server/services/matching/embeddings';
import { startProduct, type RunningProduct } from '../product';
import { describeLoad, type LoadResult, runLoad } from './load';
import { BIG_DATABASE_START_MS, childRss, demoAdminToken, matchingSettled, mib, rssOf, waitForGrouping, waitForHttp } from './support';

const JSON_SERVER = resolve(import.meta.dirname, '../../node_modules/json-server/lib/cli/bin.js');

export interface ThroughputOptions {
  /** Sessions in the database (default 10 000, the issue's figure). */
  sessions?: number;
  connections?: number;
  seconds?: number;
  /** A PostgreSQL cluster (its `postgres` database's URL): the product runs on a database of its own there instead of PGlite. */
  postgresUrl?: string;
  log?: (line: string) => void;
}

const THROUGHPUT_DATABASE = 'salescoach_throughput';

/** A fresh database of the cluster for these figures; its URL. */
const freshPostgresDatabase = async (clusterUrl: string) => {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${THROUGHPUT_DATABASE}`);
    await client.query(`CREATE DATABASE ${THROUGHPUT_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${THROUGHPUT_DATABASE}`;
  return url.toString();
};

/** A measured run after a short one that is not kept: no server's figure includes its first requests. */
const warmedLoad = async (url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }) => {
  await runLoad(url, { ...options, seconds: WARM_UP_SECONDS });
  return runLoad(url, options);
};
const WARM_UP_SECONDS = 3;

/**
 * The throughput rows: a page of 50 of SESSIONS sessions and one session by id, each
 * under `connections` clients for `seconds`, on the product (`npm start` on a fresh PGlite or PostgreSQL
 * folder, rate limit off, signed in as the demo admin) and on json-server, the backend of
 * react-admin's tutorial, serving the very same JSON (fetched from the product first). Then
 * both servers' resident memory. Each run follows a warm-up run of its own. Everything runs
 * on loopback and is stopped at the end.
 */
export const benchThroughput = async ({
  sessions = 10_000,
  connections = 50,
  seconds = 10,
  postgresUrl,
  log = console.log,
}: ThroughputOptions = {}) => {
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-throughput-'));
  let product: RunningProduct | null = null;
  let jsonServer: ChildProcess | null = null;
  try {
    const databaseUrl = postgresUrl ? await freshPostgresDatabase(postgresUrl) : null;
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(folder, 'db') });
    let detailed: string;
    try {
      // Transcripts and analyses for the first 100, so "one session by id" answers a real detail.
      await seedSessions({ db: database.db, count: sessions, seed: 15, withDetail: 100 });
      await database.refreshStatistics();
      const [row] = await database.db
        .select({ sessionId: schema.sessions.sessionId })
        .from(schema.sessions)
        .innerJoin(schema.sessionTranscripts, eq(schema.sessionTranscripts.sessionId, schema.sessions.id))
        .limit(1);
      detailed = row.sessionId;
    } finally {
      await database.close();
    }
    product = await startProduct({
      port: await freePort(),
      dataDir: folder,
      readyWithinMs: BIG_DATABASE_START_MS,
      emulatorPort: await freePort(),
      env: { RATE_LIMIT_PER_MINUTE: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      log: () => {},
    });
    const headers = { authorization: `Bearer ${await demoAdminToken(product)}` };
    // A new portal embeds its dictionary, then groups the seeded calls' new inquiries with the
    // same model: measured meanwhile, the reads share the CPU with that start-up work.
    await matchingSettled(product.url, headers);
    await waitForGrouping(product.url, headers, (line) => log(`\nThroughput's portal: ${line}`));
    const settledAt = Date.now();
    const api = async <T>(path: string) => {
      const response = await fetch(`${product!.url}${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    };

    // json-server gets the product's own answers: every summary, and the detail of one session.
    const summaries: Array<{ _id: string; sessionId: string; statistics: { totalTranscripts: number } }> = [];
    for (let page = 1; ; page += 1) {
      const body = await api<{ data: typeof summaries; pagination: { pages: number } }>(`/api/admin/sessions?page=${page}&limit=100`);
      summaries.push(...body.data);
      if (page >= body.pagination.pages) break;
    }
    const withDetail = summaries.find((summary) => summary.sessionId === detailed) ?? summaries[0];
    const detail = await api<{ data: { sessionId: string } }>(`/api/admin/sessions/${withDetail.sessionId}`);
    const records = summaries.map((summary) => (summary.sessionId === withDetail.sessionId ? detail.data : summary));
    writeFileSync(join(folder, 'db.json'), JSON.stringify({ sessions: records.map((record) => ({ ...record, id: record.sessionId })) }));

    log(
      `\nThroughput, ${connections} connections for ${seconds} s each, ${summaries.length} sessions (${databaseUrl ? 'PostgreSQL' : 'PGlite'}; json-server reads the same JSON):`,
    );
    // The portal reuses an answer until the database is next written (plugins/readCache.ts);
    // `Cache-Control: no-cache` makes it read the database for every request, as it does
    // during live calls, when the assistant's ingest writes all the time.
    const fresh = { ...headers, 'cache-control': 'no-cache' };
    const rows: Array<{ label: string; path: string; anchor: string; goal: string }> = [
      {
        label: 'API page of 50',
        path: '/api/admin/sessions?page=1&limit=50',
        anchor: '/sessions?_page=1&_limit=50',
        goal: '>= 5x req/s, p99 <= 50 ms',
      },
      {
        label: 'API one session by id',
        path: `/api/admin/sessions/${withDetail.sessionId}`,
        anchor: `/sessions/${withDetail.sessionId}`,
        goal: '>= 1x req/s',
      },
    ];
    // At rest: the encoder's thread, idle since the start-up work, has stopped and given its memory back.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, settledAt + ENCODER_IDLE_MS + 5_000 - Date.now())));
    const restingRss = childRss(SERVER_BUNDLE);
    const portal = [];
    for (const { label, path } of rows) {
      const reused = await warmedLoad(`${product.url}${path}`, { connections, seconds, headers });
      const read = await warmedLoad(`${product.url}${path}`, { connections, seconds, headers: fresh });
      portal.push({ reused, read });
      log(`  ${`${label}, portal`.padEnd(44)} ${describeLoad(reused)}`);
      log(`  ${`${label}, portal, read each time`.padEnd(44)} ${describeLoad(read)}`);
    }
    const serverRss = childRss(SERVER_BUNDLE);

    const port = await freePort();
    jsonServer = spawn(
      process.execPath,
      [JSON_SERVER, join(folder, 'db.json'), '--port', String(port), '--host', '127.0.0.1', '--quiet', '--ro'],
      {
        stdio: 'ignore',
      },
    );
    const jsonUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${jsonUrl}/sessions/${withDetail.sessionId}`, jsonServer);
    const ratio = (mine: LoadResult, anchor: LoadResult) =>
      `${(mine.requestsPerSecond / anchor.requestsPerSecond).toFixed(2)}x req/s, p99 ${(mine.p99 / Math.max(anchor.p99, 1)).toFixed(1)}x`;
    for (const [index, { label, anchor: path, goal }] of rows.entries()) {
      const anchor = await warmedLoad(`${jsonUrl}${path}`, { connections, seconds });
      log(`  ${`${label}, json-server`.padEnd(44)} ${describeLoad(anchor)}`);
      const { reused, read } = portal[index];
      log(
        `  ${`${label}: portal / json-server`.padEnd(44)} ${ratio(reused, anchor)}; read each time ${ratio(read, anchor)} (goal ${goal}, read each time)`,
      );
    }
    const jsonRss = jsonServer.pid ? rssOf(jsonServer.pid) : null;
    log(
      `  server memory: portal API server ${restingRss === null ? '?' : mib(restingRss)} at rest, ${serverRss === null ? '?' : mib(serverRss)} after the load` +
        ` (the Auth emulator apart), json-server ${jsonRss === null ? '?' : mib(jsonRss)} (goal <= 200 MiB)`,
    );
  } finally {
    jsonServer?.kill('SIGTERM');
    await product?.stop().catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  }
};
