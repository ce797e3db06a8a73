import { onDemoPortal } from './demoPortal';
import { describeLoad, type LoadResult, runLoad } from './load';
import { demoAdminToken, matchingSettled, percentile } from './support';

export interface KeyLoadBenchOptions {
  url: string;
  adminHeaders: Record<string, string>;
  label: string;
  /** Each flooding client's connections (one: a client asking again as soon as it has its answer). */
  connections?: number;
  seconds?: number;
  reads?: number;
  log?: (line: string) => void;
}

/** The slowdown the portal allows one key at full speed (docs/performance.md). */
const GOAL_PERCENT = 20;

interface Latency {
  p50: number;
  p95: number;
}

/** `count` reads of an admin's list, one after another, each from the database (no cached answer). */
const adminReads = async (url: string, headers: Record<string, string>, count: number): Promise<Latency> => {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/admin/sessions?page=1&limit=15`, { headers: { ...headers, 'cache-control': 'no-cache' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`sessions list: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
};

const createKey = async (url: string, adminHeaders: Record<string, string>, name: string, scopes: string[]) => {
  const created = await fetch(`${url}/api/admin/api-keys`, {
    method: 'POST',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ name, scopes }),
  });
  if (created.status !== 201) throw new Error(`key creation: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: { key: string } }).data.key;
};

/**
 * What one key at full speed costs the admins (docs/performance.md, "One key at full speed"): the sessions list's
 * p50/p95 alone; then while one config:read key asks for the whole configuration without If-None-Match, back to
 * back on `connections` sockets; then while a metrics:read key also scrapes GET /api/metrics back to back. Prints
 * the slowdowns against the goal; asserts nothing. Loopback only.
 */
export const benchKeyLoad = async ({
  url,
  adminHeaders,
  label,
  connections = 1,
  seconds = 12,
  reads = 80,
  log = console.log,
}: KeyLoadBenchOptions) => {
  await matchingSettled(url, adminHeaders);
  const configKey = await createKey(url, adminHeaders, 'bench whole configuration', ['config:read']);
  const metricsKey = await createKey(url, adminHeaders, 'bench scraper', ['metrics:read']);
  const flood = (path: string, key: string) =>
    runLoad(`${url}${path}`, { connections, seconds, headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' } });
  // While a flood runs: wait for it to reach speed, then read.
  const readDuring = async (floods: Promise<LoadResult>[]) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const latency = await adminReads(url, adminHeaders, reads);
    return { latency, results: await Promise.all(floods) };
  };

  // The first answer of the version builds the snapshot: the flood then reads it.
  const first = await fetch(`${url}/api/assistant/config`, { headers: { authorization: `Bearer ${configKey}`, 'accept-encoding': 'br' } });
  await first.arrayBuffer();
  const alone = await adminReads(url, adminHeaders, reads);
  const withConfig = await readDuring([flood('/api/assistant/config', configKey)]);
  const withBoth = await readDuring([flood('/api/assistant/config', configKey), flood('/api/metrics', metricsKey)]);

  const slowdown = (ms: number, base: number) => `${ms.toFixed(1)} ms (${base > 0 ? (((ms - base) / base) * 100).toFixed(0) : '?'} %)`;
  const line = (name: string, latency: Latency) =>
    `  ${name.padEnd(48)} p50 ${slowdown(latency.p50, alone.p50).padEnd(18)} p95 ${slowdown(latency.p95, alone.p95)}`;
  log(`\nOne key at full speed (${label}; each flood ${connections} connection(s) for ${seconds} s, one key each, loopback):`);
  log(`  ${"an admin's sessions list, alone".padEnd(48)} p50 ${alone.p50.toFixed(1)} ms${' '.repeat(11)} p95 ${alone.p95.toFixed(1)} ms`);
  log(line('with the whole configuration, no If-None-Match', withConfig.latency));
  log(line('with that and a metrics scraper', withBoth.latency));
  log(`    goal: p50 and p95 slowed by <= ${GOAL_PERCENT} %`);
  log(`  the configuration flood                 ${describeLoad(withConfig.results[0])}`);
  log(`  the configuration flood, beside scrapes ${describeLoad(withBoth.results[0])}`);
  log(`  the scraper                             ${describeLoad(withBoth.results[1])}`);
};

// `tsx scripts/bench/keyLoad.ts`: these figures alone, on a demo database with the product's default limits.
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortal('key-load', async (url, product) => {
    const adminHeaders = { authorization: `Bearer ${await demoAdminToken(product)}` };
    await benchKeyLoad({ url, adminHeaders, label: 'demo database, default limits' });
  });
}
