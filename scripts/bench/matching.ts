import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MatchingSettings } from '../../src/contract/matching';
import { ensureServerBuilt, SERVER_BUNDLE } from '../buildServer';
import { freePort } from '../freePort';
import { startProduct, type RunningProduct } from '../product';
import { childRss, demoAdminToken, mib, percentile } from './support';

const PHRASES_FILE = resolve(import.meta.dirname, '../../server/services/matching/evaluation/customerPhrases.json');
const POLL_MS = 200;
const IDLE_MS = 2_000;
const CALIBRATION_TIMEOUT_MS = 10 * 60_000;
const WARM_UPS = 3;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The evaluation set's phrases (customer lines, small talk, near misses), in the file's order. */
const readPhrases = (): string[] => (JSON.parse(readFileSync(PHRASES_FILE, 'utf8')) as Array<{ text: string }>).map((row) => row.text);

export interface MatchingBenchOptions {
  /** The running product's address, and the demo admin's bearer header. */
  url: string;
  headers: Record<string, string>;
  requests?: number;
  log?: (line: string) => void;
}

/**
 * "Test a phrase" (POST /api/dictionary/match): the phrase is embedded by the server's model and
 * scored against the dictionary, so its latency is the model's per-phrase cost. p50/p95/p99 over
 * `requests` sequential real HTTP calls, each with the next phrase of the evaluation set
 * (server/services/matching/evaluation/customerPhrases.json, cycling), after three warm-ups.
 * Prints; asserts nothing.
 */
export const benchMatching = async ({ url, headers, requests = 100, log = console.log }: MatchingBenchOptions) => {
  const phrases = readPhrases();
  const times: number[] = [];
  let fired = 0;
  let summary = '';
  for (let i = 0; i < requests + WARM_UPS; i += 1) {
    const text = phrases[i % phrases.length];
    const t0 = performance.now();
    const response = await fetch(`${url}/api/dictionary/match`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    const body = await response.text();
    const ms = performance.now() - t0;
    if (!response.ok) throw new Error(`dictionary match: ${response.status} ${body.slice(0, 200)}`);
    const { data } = JSON.parse(body) as {
      data: { model: string; threshold: number; thresholdSource: string; verdict: { outcome: string } };
    };
    if (i === 0) summary = `${data.model}, threshold ${data.threshold.toFixed(3)} (${data.thresholdSource})`;
    if (i < WARM_UPS) continue;
    times.push(ms);
    if (data.verdict.outcome === 'fires') fired += 1;
  }
  times.sort((a, b) => a - b);
  const figures = { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
  log(
    `${'test a phrase (dictionary match)'.padEnd(34)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p95 ${figures.p95.toFixed(1).padStart(7)} ms   p99 ${figures.p99.toFixed(1).padStart(7)} ms   ` +
      `(${times.length} requests, ${fired} fired an item; ${summary})`,
  );
  return figures;
};

/** The two offline models: the server's default sentence encoder, and the hashed bag-of-words. */
const PROVIDERS = [
  { label: 'default (sentence encoder)', env: { EMBEDDINGS_PROVIDER: undefined } },
  { label: 'hashed (EMBEDDINGS_PROVIDER=hashed)', env: { EMBEDDINGS_PROVIDER: 'hashed' } },
] as const;

let running: RunningProduct | null = null;

/** Stops the product a run of benchMatchingProviders has started, if any (for a Ctrl-C). */
export const stopMatchingBench = async () => {
  await running?.stop().catch(() => {});
  running = null;
};

const inMs = (value: number | null) => (value === null ? '?' : `${Math.round(value)} ms`);
const rss = (bytes: number | null) => (bytes === null ? '?' : mib(bytes));

/**
 * From `t0`, polled every 20 ms until `stop` says so: when the API server's process appeared
 * (the Auth emulator starts first) and when `url` first answered 200, in ms; null if not seen.
 */
const watchStart = async (url: string, t0: number, stop: () => boolean) => {
  let spawnedMs: number | null = null;
  while (!stop()) {
    if (spawnedMs === null && childRss(SERVER_BUNDLE) !== null) spawnedMs = performance.now() - t0;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return { spawnedMs, healthyMs: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  return { spawnedMs, healthyMs: null };
};

/**
 * One provider: the product as `npm start` runs it (Auth emulator + bundled server, rate limits
 * as by default) on a fresh demo folder, the model's env on top. Times from the call that starts
 * it (the server already built; the emulator's start included) to /api/health answering 200 and
 * to every dictionary text Ready under this model with the threshold calibrated; the API server's
 * RSS at rest, the phrase latency, and the RSS after it.
 */
const benchOneProvider = async (
  { label, env }: (typeof PROVIDERS)[number],
  { requests, log }: { requests: number; log: (line: string) => void },
) => {
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-matching-'));
  try {
    const port = await freePort();
    const t0 = performance.now();
    let started = false;
    const watched = watchStart(`http://localhost:${port}/api/health`, t0, () => started);
    const product = await startProduct({
      port,
      dataDir: folder,
      emulatorPort: await freePort(),
      // No portal: the API alone (STATIC_DIR without an index.html), the same with or without dist/.
      // Nothing leaves the machine: no OpenAI-compatible embeddings even if the shell sets them.
      env: { ...env, STATIC_DIR: join(folder, 'no-portal'), EMBEDDINGS_BASE_URL: undefined, LLM_BASE_URL: undefined },
      log: () => {},
    }).finally(() => {
      started = true;
    });
    running = product;
    const resolvedAt = performance.now() - t0;
    const seen = await watched;
    const { spawnedMs } = seen;
    const healthyMs = seen.healthyMs ?? resolvedAt;
    const headers = { authorization: `Bearer ${await demoAdminToken(product)}` };

    let settings: MatchingSettings | null = null;
    let calibratedMs: number | null = null;
    const deadline = performance.now() + CALIBRATION_TIMEOUT_MS;
    while (performance.now() < deadline) {
      const response = await fetch(`${product.url}/api/dictionary/matching`, { headers });
      const body = await response.text();
      if (response.ok) {
        settings = (JSON.parse(body) as { data: MatchingSettings }).data;
        if (settings.pending === 0 && settings.source === 'calibrated') {
          calibratedMs = performance.now() - t0;
          break;
        }
      } else if (response.status !== 429) throw new Error(`GET /api/dictionary/matching: ${response.status} ${body.slice(0, 200)}`);
      await sleep(POLL_MS);
    }

    log(`\n${label}: model ${settings?.model ?? '?'}`);
    log(
      `  start to healthy (GET /api/health 200)      ${inMs(healthyMs)} ` +
        `(the Auth emulator until the server's process appeared ${inMs(spawnedMs)}, then the server ${inMs(spawnedMs === null ? null : healthyMs - spawnedMs)})`,
    );
    if (calibratedMs === null)
      log(
        `  every text Ready and calibrated             not within ${CALIBRATION_TIMEOUT_MS / 60_000} min ` +
          `(pending ${settings?.pending ?? '?'}, ready ${settings?.ready ?? '?'}, source ${settings?.source ?? '?'})`,
      );
    else
      log(
        `  start to every text Ready and calibrated    ${inMs(calibratedMs)} ` +
          `(threshold ${settings!.threshold.toFixed(3)}, ${settings!.ready} texts Ready, calibrated on ${settings!.texts} texts of ${settings!.items} items)`,
      );
    await sleep(IDLE_MS);
    const atRest = childRss(SERVER_BUNDLE);
    log(`  API server RSS at rest after calibration    ${rss(atRest)}`);
    const latency = await benchMatching({ url: product.url, headers, requests, log: (line) => log(`  ${line}`) });
    const afterRequests = childRss(SERVER_BUNDLE);
    log(`  API server RSS after those requests         ${rss(afterRequests)}`);
    return { atRest, afterRequests, latency };
  } finally {
    await stopMatchingBench();
    rmSync(folder, { recursive: true, force: true });
  }
};

export interface MatchingProvidersBenchOptions {
  /** Phrases timed per model (default 100). */
  requests?: number;
  log?: (line: string) => void;
}

/**
 * The sentence encoder's cost next to the hashed bag-of-words: for each, start-up, the time to a
 * calibrated dictionary, resident memory and the phrase latency (benchOneProvider), one after
 * the other on their own demo folders; then what the sentence model adds to the server's RSS.
 * Everything runs on loopback and is stopped at the end, also on failure. Prints; asserts nothing.
 */
export const benchMatchingProviders = async ({ requests = 100, log = console.log }: MatchingProvidersBenchOptions = {}) => {
  await ensureServerBuilt({ log: () => {} });
  log(
    `\nDictionary matching per embedding model (fresh demo data each, ${requests} phrases after ${WARM_UPS} warm-ups; ` +
      `${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}):`,
  );
  const sentence = await benchOneProvider(PROVIDERS[0], { requests, log });
  const hashed = await benchOneProvider(PROVIDERS[1], { requests, log });
  const added = (a: number | null, b: number | null) => (a === null || b === null ? '?' : mib(a - b));
  log(
    `\nWhat the sentence model adds to the API server's RSS: ${added(sentence.atRest, hashed.atRest)} at rest, ` +
      `${added(sentence.afterRequests, hashed.afterRequests)} after the phrases (default minus hashed)`,
  );
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping...`);
      void stopMatchingBench().finally(() => process.exit(130));
    });
  }
  await benchMatchingProviders({ requests: Number(process.env.BENCH_MATCH_REQUESTS ?? 100) });
}
