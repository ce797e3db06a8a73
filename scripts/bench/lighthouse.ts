import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signIn } from '../../tests/support/browser';
import { freePort } from '../freePort';
import { onDemoPortalWithAnchor, type RunningAnchor } from './coldStart';

/**
 * Lighthouse's performance score, its default mobile run (emulated phone, simulated slow
 * network and 4x slower CPU), as a user meets each page the first time: the HTTP cache emptied
 * before every run. /login signed out; /dashboard and /sessions signed in (the stored sign-in
 * is kept, nothing else); beside them the anchor's sessions list (bench/coldStart.ts), signed in
 * the same way. Each page RUNS times, the signed-in ones interleaved, and the median score is given. Chromium is
 * Debian's, started here with a debugging port on 127.0.0.1 for Lighthouse. Prints, asserts nothing.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Scored {
  score: number;
  line: string;
}

export const benchLighthouse = async (baseUrl: string, anchor: RunningAnchor | null, log: (line: string) => void = console.log) => {
  const profile = mkdtempSync(join(tmpdir(), 'salescoach-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const score = async (url: string, signedIn: boolean): Promise<Scored> => {
      // Lighthouse empties the cache itself only when it also resets the storage (the sign-in).
      if (signedIn) await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: signedIn,
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) return { score: Number.NaN, line: `no score (${lhr?.runtimeError?.message ?? 'no result'})` };
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      const value = Math.round((lhr.categories.performance.score ?? 0) * 100);
      // A signed-in page that bounced to a sign-in page would score that page instead: say so.
      const wanted = new URL(url);
      const landed = new URL(lhr.finalDisplayedUrl);
      const where = landed.pathname + landed.hash === wanted.pathname + wanted.hash ? '' : `, ended on ${landed.pathname}${landed.hash}`;
      return {
        score: value,
        line: `${value} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}${where})`,
      };
    };

    const pages: Array<{ label: string; url: string; signedIn: boolean; goal: string }> = [
      { label: 'portal /login, signed out', url: `${baseUrl}/login`, signedIn: false, goal: '>= 90' },
      { label: 'portal /dashboard', url: `${baseUrl}/dashboard`, signedIn: true, goal: '>= 80' },
      { label: 'portal /sessions', url: `${baseUrl}/sessions`, signedIn: true, goal: '>= 80' },
      ...(anchor ? [{ label: 'anchor sessions list', url: anchor.app.url, signedIn: true, goal: 'anchor' }] : []),
    ];
    const results = new Map(pages.map(({ label }) => [label, [] as Scored[]]));
    // Signed out first: Lighthouse's storage reset leaves a stored Firebase sign-in in place.
    for (const { label, url, signedIn } of pages.filter((entry) => !entry.signedIn)) {
      for (let run = 0; run < RUNS; run += 1) results.get(label)!.push(await score(url, signedIn));
    }
    await signIn(page, baseUrl, 'admin@salescoach.test');
    await page.waitForURL('**/dashboard');
    await page.goto('about:blank');
    for (let run = 0; run < RUNS; run += 1) {
      for (const { label, url, signedIn } of pages.filter((entry) => entry.signedIn)) results.get(label)!.push(await score(url, signedIn));
    }
    log(`\nLighthouse, mobile, cold HTTP cache (performance score, the median of ${RUNS} interleaved runs; each run's figures):`);
    for (const { label, goal } of pages) {
      const runs = results.get(label)!;
      const scores = runs.map((run) => run.score).filter((value) => !Number.isNaN(value));
      const middle = scores.length ? [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] : Number.NaN;
      log(`  ${label.padEnd(26)} ${String(middle).padStart(3)}   goal ${goal}`);
      for (const run of runs) log(`      ${run.line}`);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
};

// `tsx scripts/bench/lighthouse.ts`: these figures alone, on a demo database of their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortalWithAnchor('lighthouse-data', (baseUrl, anchor) => benchLighthouse(baseUrl, anchor));
}
