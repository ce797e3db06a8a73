import type { Browser } from 'playwright-core';
import { generateSession } from '../../server/seed/sessions';
import { launchBrowser, newSignedInPage } from '../../tests/support/browser';
import { simulateCall } from '../simulateCall';
import { onDemoPortal } from './demoPortal';
import { CPU_SLOWDOWN, describeTasks, OBSERVE_LONG_TASKS, takeLongTasks } from './longTasks';
import { adminFetch } from './support';

const TRANSCRIPTS = 3_000;
const SEED = 7;
/** The whole call streams in about this long, so its detail keeps changing while it is watched. */
const CALL_SECONDS = 60;
const WATCH_MS = 15_000;

/**
 * Long tasks while a call is live: the assistant's reference client
 * (scripts/simulateCall.ts) streams a 3,000-transcript call through the portal's API, sped up to
 * last about a minute, while its detail is open with the CPU CPU_SLOWDOWN times slower. The page
 * reads an in-progress call again every 3 s; this prints the long tasks of 15 s watched on the
 * Timeline tab, then on the Statistics tab (the goal: none, the admin is only reading).
 */
export const benchLiveRefresh = async (baseUrl: string, { log = console.log }: { log?: (line: string) => void } = {}) => {
  let browser: Browser | null = null;
  let call: Promise<string> | null = null;
  try {
    browser = await launchBrowser();
    const { context, page: first } = await newSignedInPage(browser, baseUrl);
    const body = { name: 'bench live call', scopes: ['config:read', 'sessions:write'] };
    const { data } = (await adminFetch(first, '/api/admin/api-keys', body)) as { data: { key: string } };
    // The client makes the same call from the same seed: its length sets the speed.
    const { duration } = generateSession(0, { seed: SEED, now: Date.now(), transcripts: TRANSCRIPTS });
    let sessionId = '';
    call = simulateCall({
      key: data.key,
      url: baseUrl,
      speed: duration / CALL_SECONDS,
      transcripts: TRANSCRIPTS,
      seed: SEED,
      batch: 500,
      log: (line) => {
        sessionId ||= /^Session (\S+)/.exec(line)?.[1] ?? '';
      },
    });
    call.catch(() => undefined);
    while (!sessionId) await new Promise((resolve) => setTimeout(resolve, 100));

    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LONG_TASKS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${baseUrl}/sessions/${encodeURIComponent(sessionId)}`);
    await page.getByText('Live: updating as events arrive').waitFor({ timeout: 60_000 });
    log(
      `\nLong tasks with a ${CPU_SLOWDOWN}x slower CPU while a ${TRANSCRIPTS}-transcript call streams in (read again every 3 s; goal: none):`,
    );
    for (const tab of ['Timeline', 'Statistics'] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(2_000);
      await takeLongTasks(page);
      await page.waitForTimeout(WATCH_MS);
      log(`  ${`${tab}, ${WATCH_MS / 1_000} s`.padEnd(20)} ${describeTasks(await takeLongTasks(page))}`);
    }
    await context.close();
    await call;
  } finally {
    await browser?.close();
  }
};

// `tsx scripts/bench/liveRefresh.ts`: these figures alone, on a demo database of their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortal('liverefresh', (baseUrl) => benchLiveRefresh(baseUrl));
}
