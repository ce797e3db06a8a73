import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newSignedInPage } from '../../tests/support/browser';
import { onDemoPortal } from './demoPortal';
import { adminFetch } from './support';

/** How much slower the CPU is made (Lighthouse's mobile runs use 4). */
export const CPU_SLOWDOWN = 4;
const TABS = ['Sentiment', 'Speech Rate', 'Statistics', 'Timeline'] as const;

// Long tasks (50 ms or more of main-thread work) as the browser reports them, from the page's start.
export const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
`;

export const takeLongTasks = (page: Page) =>
  page.evaluate(() => {
    const store = window as unknown as { __longTasks: number[] };
    const tasks = store.__longTasks;
    store.__longTasks = [];
    return tasks;
  });

export const describeTasks = (tasks: number[]) =>
  tasks.length === 0 ? 'no long task' : `${tasks.length} long task${tasks.length === 1 ? '' : 's'}, longest ${Math.max(...tasks)} ms`;

/**
 * Long tasks: a session's detail opened with the CPU CPU_SLOWDOWN times slower (the
 * DevTools protocol's throttling), then each tab clicked in turn; prints the long tasks of the
 * load and of each click (the goal: every interaction under 50 ms of main-thread work, so none).
 * `sessionPath` is /sessions/<id>; by default the first completed session of the list.
 */
export const benchLongTasks = async (
  baseUrl: string,
  { sessionPath, log = console.log }: { sessionPath?: string; log?: (line: string) => void } = {},
) => {
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const { context, page: first } = await newSignedInPage(browser, baseUrl);
    let path = sessionPath;
    if (!path) {
      // A completed call with transcripts (one in progress reloads every 3 s, which would count
      // its own work), asked of the API with the page's own stored sign-in.
      const { data } = (await adminFetch(first, '/api/admin/sessions?status=completed&limit=100')) as {
        data: Array<{ sessionId: string; statistics: { totalTranscripts: number } }>;
      };
      const sessionId = data.find((session) => session.statistics.totalTranscripts > 0)?.sessionId;
      if (!sessionId) throw new Error('no completed session with transcripts among the newest 100');
      path = `/sessions/${encodeURIComponent(sessionId)}`;
    }
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LONG_TASKS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const started = Date.now();
    await page.goto(`${baseUrl}${path}`);
    await page.locator('[aria-label="Session timeline"] [role="listitem"]').first().waitFor({ timeout: 120_000 });
    log(`\nLong tasks with a ${CPU_SLOWDOWN}x slower CPU, ${path} (goal: none per interaction):`);
    log(`  load to the first timeline row (${Date.now() - started} ms): ${describeTasks(await takeLongTasks(page))}`);
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      // What the click set off: let it finish (charts draw after the first frame).
      await page.waitForTimeout(1_500);
      log(`  ${`click ${tab}`.padEnd(20)} ${describeTasks(await takeLongTasks(page))}`);
    }
    await context.close();
  } finally {
    await browser?.close();
  }
};

// `tsx scripts/bench/longTasks.ts`: these figures alone, on a demo database of their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortal('longtasks', (baseUrl) => benchLongTasks(baseUrl));
}
