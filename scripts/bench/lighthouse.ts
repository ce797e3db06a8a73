import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PASSWORD } from '../../tests/support/browser';
import { freePort } from '../freePort';
import { onDemoPortal } from './demoPortal';

/**
 * The browser figures of the speed work (README "Performance"), on a running portal:
 * - Lighthouse's performance score, its default mobile run (emulated phone, simulated slow
 *   network and 4x slower CPU), for /login signed out, then /dashboard and /sessions signed in;
 * - the time to the first row of the sessions list, signed in, on a cold load (a new tab with
 *   an empty HTTP cache and the stored sign-in), the median of RUNS.
 * Chromium is Debian's, started here with a debugging port on 127.0.0.1 for Lighthouse; its
 * profile keeps the sign-in between Lighthouse runs (storage is not reset). Prints, asserts nothing.
 */
const RUNS = 5;

export const benchLighthouse = async (baseUrl: string, log: (line: string) => void = console.log) => {
  const profile = mkdtempSync(join(tmpdir(), 'salescoach-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    const score = async (path: string, signedIn: boolean) => {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: signedIn,
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) return `${path}: no score (${lhr?.runtimeError?.message ?? 'no result'})`;
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      const value = Math.round((lhr.categories.performance.score ?? 0) * 100);
      // A signed-in page that bounced to /login would score the sign-in page instead: say so.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      const where = landed === path ? '' : `, ended on ${landed}`;
      return `${path.padEnd(11)} ${String(value).padStart(3)}   (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}${where})`;
    };
    log('\nLighthouse, mobile (performance score; goals: /login >= 90, signed in >= 80):');
    log(`  ${await score('/login', false)}`);

    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('admin@salescoach.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
    log(`  ${await score('/dashboard', true)}`);
    log(`  ${await score('/sessions', true)}`);

    // Cold load: a new tab with the HTTP cache emptied through the DevTools protocol.
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      const t0 = Date.now();
      await tab.goto(`${baseUrl}/sessions`);
      await tab.locator('table tbody tr a[href^="/sessions/"]').first().waitFor({ timeout: 60_000 });
      times.push(Date.now() - t0);
      await tab.close();
    }
    times.sort((a, b) => a - b);
    log(
      `\nChromium: first row of the sessions list, signed in, cold load (empty cache): median ${times[Math.floor(RUNS / 2)]} ms, ` +
        `min ${times[0]} ms, max ${times[RUNS - 1]} ms over ${RUNS} runs (goal <= 650 ms)`,
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
};

// `tsx scripts/bench/lighthouse.ts`: these figures alone, on a demo database of their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortal('lighthouse-data', (baseUrl) => benchLighthouse(baseUrl));
}
