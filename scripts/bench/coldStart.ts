import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signIn } from '../../tests/support/browser';
import { buildForProduction } from '../buildPortal';
import { freePort } from '../freePort';
import { onDemoPortal } from './demoPortal';
import { demoAdminToken, matchingSettled, waitForHttp } from './support';

const ANCHOR_SOURCE = resolve(import.meta.dirname, 'anchor');
const TSX = resolve(import.meta.dirname, '../../node_modules/tsx/dist/cli.mjs');
const VIEWPORT = { width: 1280, height: 800 };

/** What a cold load needs to know about one app. */
export interface ColdApp {
  /** Signs the fresh profile in (its page is on no page yet). */
  signIn: (page: Page) => Promise<void>;
  /** The page measured. */
  url: string;
  /** The first real row of its list: a loading skeleton does not match. */
  firstRow: string;
}

/**
 * The time from navigating to `app.url` to its first list row, as a user meets it the first
 * time they open the portal in a browser: a new Chromium profile, signed in once (the sign-in
 * itself is not timed), then the browser closed, its HTTP and compiled-code caches deleted, and
 * started again. Nothing is warm but the stored sign-in and the operating system's file cache.
 */
export const coldFirstRow = async (app: ColdApp): Promise<number> => {
  const profile = mkdtempSync(join(tmpdir(), 'salescoach-cold-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, viewport: VIEWPORT });
  try {
    let context = await launch();
    await app.signIn(context.pages()[0] ?? (await context.newPage()));
    await context.close();
    for (const cache of ['Cache', 'Code Cache', 'GPUCache', 'Service Worker']) {
      rmSync(join(profile, 'Default', cache), { recursive: true, force: true });
    }
    context = await launch();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const t0 = Date.now();
      await page.goto(app.url);
      await page.locator(app.firstRow).first().waitFor({ timeout: 60_000 });
      return Date.now() - t0;
    } finally {
      await context.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${median(values)} ms (min ${sorted[0]}, max ${sorted[sorted.length - 1]})`;
};

export interface RunningAnchor {
  url: string;
  app: ColdApp;
  stop: () => Promise<void>;
}

/**
 * The anchor of the browser figures: a minimal three-resource react-admin app
 * (./anchor/main.tsx), built for production by Vite, served by json-server with the portal's
 * own answers (its first `sessions` sessions, its users and objections), on 127.0.0.1.
 */
export const startAnchor = async (portalUrl: string, headers: Record<string, string>, sessions = 1_000): Promise<RunningAnchor> => {
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-anchor-'));
  let server: ChildProcess | null = null;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const read = async (path: string) => {
      const response = await fetch(`${portalUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };
    type Row = Record<string, unknown>;
    const rows: Row[] = [];
    for (let page = 1; rows.length < sessions; page += 1) {
      const data = (await read(`/api/admin/sessions?page=${page}&limit=100`)).data as Row[];
      rows.push(...data);
      if (data.length < 100) break;
    }
    const withId = (records: Row[], key: string) => records.map((record) => ({ ...record, id: record[key] }));
    const database = {
      sessions: withId(rows, 'sessionId'),
      users: withId(((await read('/api/admin/users?page=1&limit=100')).data as { users: Row[] }).users, '_id'),
      objections: withId((await read('/api/dictionary/objections/grouped?page=1&limit=100')).objections as Row[], '_id'),
    };
    writeFileSync(join(folder, 'db.json'), JSON.stringify(database));
    // Beside the running bench: its servers started after this must not inherit a production NODE_ENV.
    await buildForProduction({
      configFile: false,
      root: ANCHOR_SOURCE,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: join(folder, 'app'), emptyOutDir: true, chunkSizeWarningLimit: 5_000 },
    });
    const port = await freePort();
    server = spawn(process.execPath, [TSX, join(ANCHOR_SOURCE, 'serve.ts'), join(folder, 'db.json'), join(folder, 'app'), String(port)], {
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/api/sessions?range=[0,0]`, server);
    return {
      url,
      stop,
      app: {
        url: `${url}/#/sessions`,
        firstRow: 'table tbody tr td.column-sessionId span',
        // Always signed in (./anchor/main.tsx): the fresh profile only visits it once.
        signIn: async (page) => {
          await page.goto(`${url}/`);
        },
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** The portal's sessions list, signed in as the demo admin. */
export const portalSessionsList = (baseUrl: string): ColdApp => ({
  url: `${baseUrl}/sessions`,
  firstRow: 'table tbody tr a[href^="/sessions/"]',
  signIn: async (page) => {
    await signIn(page, baseUrl, 'admin@salescoach.test');
    await page.waitForURL('**/dashboard');
  },
});

/**
 * The sessions list's first row, cold, next to the anchor's: one warm-up pair (each server's
 * first reads), then `runs` pairs interleaved, so a busy moment of the machine falls on both.
 */
export const benchColdStart = async (
  { anchor, baseUrl, runs = Number(process.env.BENCH_COLD_RUNS ?? 7) }: { anchor: RunningAnchor; baseUrl: string; runs?: number },
  log: (line: string) => void = console.log,
) => {
  const portal = portalSessionsList(baseUrl);
  const times = { anchor: [] as number[], portal: [] as number[] };
  for (let run = 0; run <= runs; run += 1) {
    const anchorMs = await coldFirstRow(anchor.app);
    const portalMs = await coldFirstRow(portal);
    if (run === 0) continue;
    times.anchor.push(anchorMs);
    times.portal.push(portalMs);
  }
  const ratio = median(times.portal) / median(times.anchor);
  log(
    `\nFirst row of the sessions list, cold (a new browser profile, signed in, caches emptied), ${runs} runs each after a warm-up, interleaved:`,
  );
  log(`  anchor (minimal react-admin app, json-server) ${spread(times.anchor)}`);
  log(`  portal                                         ${spread(times.portal)}`);
  log(`  portal / anchor ${ratio.toFixed(2)}x (goal <= 0.70x and <= 800 ms)`);
};

/**
 * Runs `measure` on a demo portal of its own (bench/demoPortal.ts) once its dictionary has
 * settled, with the anchor started beside it and stopped after: how the browser parts run alone.
 */
export const onDemoPortalWithAnchor = (name: string, measure: (baseUrl: string, anchor: RunningAnchor) => Promise<void>) =>
  onDemoPortal(name, async (baseUrl, product) => {
    const headers = { authorization: `Bearer ${await demoAdminToken(product)}` };
    await matchingSettled(baseUrl, headers);
    const anchor = await startAnchor(baseUrl, headers);
    try {
      await measure(baseUrl, anchor);
    } finally {
      await anchor.stop();
    }
  });

// `tsx scripts/bench/coldStart.ts`: this figure alone, on a demo database of its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortalWithAnchor('cold-start', (baseUrl, anchor) => benchColdStart({ anchor, baseUrl }));
}
