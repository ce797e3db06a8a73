import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/seed/demoAccounts';
import { generateSession, insertSessionBatch, seedSessions } from '../server/seed/sessions';
import { launchBrowser, newSignedInPage } from '../tests/support/browser';
import { ensurePortalBuilt } from './buildPortal';
import { freePort } from './freePort';
import { startProduct, type RunningProduct } from './product';

/**
 * `npm run bench`: the sessions list and detail at scale (issue 5).
 *
 * 1. A temporary PGlite database with BENCH_SESSIONS (default 100 000) sessions: summary rows
 *    for all, transcripts and analyses for the first BENCH_DETAIL (default 500) of them, plus
 *    one completed session of 5 000 transcripts; then VACUUM ANALYZE.
 * 2. The product as `npm start` runs it (Auth emulator + server on that database), signed in
 *    as the demo admin: p50/p99 over BENCH_REQUESTS (default 50) real HTTP requests each for
 *    the first page, a deep page (5 000), a status filter, a search; and the large detail.
 * 3. Chromium: the time from navigating to /sessions/<large session> to the first row of the
 *    timeline (`[aria-label="Session timeline"] [role="listitem"]`).
 * Everything started here is stopped and the folder removed, also on failure.
 */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const WITH_DETAIL = Number(process.env.BENCH_DETAIL ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const BIG_TRANSCRIPTS = 5_000;
const SEED = 4242;

const folder = mkdtempSync(join(tmpdir(), 'salescoach-bench-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let product: RunningProduct | null = null;
let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
const started = Date.now();
try {
  // 1. Data.
  const database = await openDatabase({ dataDir: join(folder, 'db') });
  let bigSessionId: string;
  try {
    console.log(`Seeding ${SESSIONS} sessions (${WITH_DETAIL} with transcripts and analyses) into ${folder}/db ...`);
    await seedSessions({ db: database.db, count: SESSIONS, seed: SEED, withDetail: WITH_DETAIL, log: (line) => console.log(line) });
    const big = generateSession(SESSIONS, { seed: SEED, now: Date.now(), transcripts: BIG_TRANSCRIPTS });
    await database.db.transaction((tx) => insertSessionBatch(tx, [big]));
    bigSessionId = big.sessionId;
    console.log(`Large session ${bigSessionId}: ${big.detail!.transcripts.length} transcripts, ${big.detail!.detections.length} detections, ${big.detail!.alerts.length} alerts`);
    const vacuumStart = Date.now();
    await database.db.execute(sql`vacuum analyze`);
    console.log(`VACUUM ANALYZE in ${seconds(Date.now() - vacuumStart)}; data ready after ${seconds(Date.now() - started)}`);
  } finally {
    await database.close();
  }

  // 2. API over HTTP.
  await ensurePortalBuilt();
  const emulatorPort = await freePort();
  product = await startProduct({ port: await freePort(), dataDir: folder, emulatorPort, log: (line) => console.log(line) });
  const signIn = await fetch(`http://${product.emulator!.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@salescoach.test', password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`Cannot sign in to the emulator: ${signIn.status} ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const headers = { authorization: `Bearer ${idToken}` };

  const measure = async (label: string, path: string, count = REQUESTS) => {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < count + 2; i += 1) {
      const t0 = performance.now();
      const response = await fetch(`${product!.url}${path}`, { headers });
      const body = await response.text();
      const ms = performance.now() - t0;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
      if (i >= 2) times.push(ms); // two warm-up requests
      if (i === 0) {
        const json = JSON.parse(body) as { pagination?: { total: number }; data: { transcripts?: unknown[] } };
        summary = json.pagination ? `total ${json.pagination.total}` : `${json.data.transcripts?.length} transcripts, ${(body.length / 1024 / 1024).toFixed(1)} MB`;
      }
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms   (${times.length} requests, ${summary})`);
  };
  console.log(`\nLatency over HTTP (${REQUESTS} requests each after 2 warm-ups, PGlite, ${SESSIONS} sessions):`);
  await measure('list, first page', '/api/admin/sessions?page=1&limit=15');
  await measure('list, deep page 5000', '/api/admin/sessions?page=5000&limit=15');
  await measure('list, status=failed page 2', '/api/admin/sessions?status=failed&page=2&limit=15');
  await measure('list, search "northwind"', '/api/admin/sessions?search=northwind&limit=15');
  await measure('list, search "priya.shah"', '/api/admin/sessions?search=priya.shah&page=3&limit=15');
  await measure('list, search + status', '/api/admin/sessions?search=zoom&status=completed&limit=15');
  await measure(`detail, ${BIG_TRANSCRIPTS} transcripts`, `/api/admin/sessions/${bigSessionId}`, Math.min(REQUESTS, 20));

  // 3. Browser.
  browser = await launchBrowser();
  const { page } = await newSignedInPage(browser, product.url);
  const firstRow = '[aria-label="Session timeline"] [role="listitem"]';
  const t0 = Date.now();
  await page.goto(`${product.url}/sessions/${bigSessionId}`);
  try {
    await page.waitForSelector(firstRow, { timeout: 60_000 });
    console.log(`\nChromium: navigation to the first timeline row of the ${BIG_TRANSCRIPTS}-transcript session: ${Date.now() - t0} ms`);
    const rows = await page.locator(firstRow).count();
    console.log(`  timeline rows in the DOM: ${rows}`);
  } catch {
    console.log(`\nChromium: no element matched ${firstRow} within 60 s (is the session timeline built?)`);
  }
  console.log(`\nBench finished in ${seconds(Date.now() - started)}`);
} finally {
  await browser?.close().catch(() => {});
  await product?.stop().catch(() => {});
  rmSync(folder, { recursive: true, force: true });
}
