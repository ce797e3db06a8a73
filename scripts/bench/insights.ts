import { DEMO_ACCOUNTS } from '../../server/seed/demoAccounts';
import { type ColdApp, coldFirstRow, portalSessionsList } from './coldStart';
import { onDemoPortal } from './demoPortal';
import { percentile, waitForGrouping } from './support';

export interface InsightsBenchOptions {
  /** The running product's address, and the demo admin's bearer header. */
  url: string;
  headers: Record<string, string>;
  requests?: number;
  log?: (line: string) => void;
}

/** What one answer holds, for the line printed beside its figures. */
const summaryOf = (data: Record<string, unknown>): string =>
  Object.entries(data)
    .filter(([, value]) => Array.isArray(value))
    .map(([name, value]) => `${(value as unknown[]).length} ${name}`)
    .join(', ');

/**
 * The Insights page's requests (docs/insights.md) over HTTP: p50/p99 of `requests` calls each
 * after two warm-ups, every one read from the database (`Cache-Control: no-cache`), for the
 * default 30 days, 90 days, a 90-day range filtered by rep and status, and a year (and a rep's
 * page for each, which takes the period and status but names its rep in the path), once the
 * server has grouped the calls' new inquiries. Goal: p99 <= 100 ms each. Prints; asserts nothing.
 */
export const benchInsights = async ({ url, headers, requests = 50, log = console.log }: InsightsBenchOptions) => {
  const rep = encodeURIComponent(DEMO_ACCOUNTS[0].email);
  const today = new Date().toISOString().slice(0, 10);
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const views = [
    ['30 days', 'period=30d'],
    ['90 days', 'period=90d'],
    ['90 days, one rep, completed', `from=${ago(89)}&to=${today}&rep=${rep}&status=completed`],
    ['a year', `from=${ago(364)}&to=${today}`],
  ] as const;
  // The rep's page (GET /api/insights/reps/:rep) reads seven parts in one request.
  const parts = [...['items', 'inquiries', 'answers', 'reps', 'landmines'].map((part) => [part, part]), ['rep page', `reps/${rep}`]];
  const fresh = { ...headers, 'cache-control': 'no-cache' };
  await waitForGrouping(url, headers, log);
  log(`\nInsights over HTTP (${requests} requests each after 2 warm-ups, each read from the database; goal p99 <= 100 ms):`);
  let worst = 0;
  for (const [view, query] of views) {
    for (const [part, path] of parts) {
      const times: number[] = [];
      let summary = '';
      for (let i = 0; i < requests + 2; i += 1) {
        const t0 = performance.now();
        const response = await fetch(`${url}/api/insights/${path}?${query}`, { headers: fresh });
        const text = await response.text();
        const ms = performance.now() - t0;
        if (!response.ok) throw new Error(`insights ${part}?${query}: ${response.status} ${text.slice(0, 200)}`);
        if (i >= 2) times.push(ms);
        if (i === 0) summary = summaryOf((JSON.parse(text) as { data: Record<string, unknown> }).data);
      }
      times.sort((a, b) => a - b);
      worst = Math.max(worst, percentile(times, 99));
      log(
        `${`${part}, ${view}`.padEnd(40)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms   (${summary})`,
      );
    }
  }
  log(`Insights: the slowest p99 was ${worst.toFixed(1)} ms (goal <= 100 ms)`);
};

/** The first screen's chart (beside the headline, docs/insights.md "The page"): its lines drawn. */
const FIRST_CHART = 'figure[aria-label="Top objections and FAQs per 100 calls, week by week"] .recharts-line path';

/**
 * The Insights page's first chart on a cold load (goal <= 1 s): a new tab of a signed-in
 * context with an empty HTTP cache, from navigation to the trend chart's first line drawn. The first
 * load is the server's first read of the period; the next ones read the database again (the
 * page asks without a cache header, the server keeps answers until the next write). Prints.
 */
export const benchInsightsPage = async (url: string, log: (line: string) => void = console.log) => {
  const page: ColdApp = { ...portalSessionsList(url), url: `${url}/insights?period=90d`, firstRow: FIRST_CHART };
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) times.push(await coldFirstRow(page));
  const [first, ...next] = times;
  next.sort((a, b) => a - b);
  log(
    `\nChromium: the Insights page's first chart (90 days), cold (new profile, signed in): ${first} ms first, then median ${next[Math.floor(next.length / 2)]} ms (${next.join(', ')}) (goal <= 1,000 ms)`,
  );
};

// `tsx scripts/bench/insights.ts`: the page's first screen alone, on the demo calls.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortal('insights', (baseUrl) => benchInsightsPage(baseUrl));
}
