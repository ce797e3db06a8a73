/**
 * tsx scripts/bench/suggestions.ts: the suggested-variations job on a fresh demo (docs/matching.md
 * "Suggested variations"). Starts the product as `npm start` does, waits for the dictionary to be
 * calibrated, then reads GET /api/dictionary/suggestions every 5 s until it has not grown for 30 s
 * and the server used under 1.5 s of CPU over those 30 s, and prints how long that took, the server's CPU time over
 * it, and what was suggested.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VariationSuggestions } from '../../src/contract/variationSuggestions';
import { ensureServerBuilt } from '../buildServer';
import { freePort } from '../freePort';
import { startProduct } from '../product';
import { demoAdminToken } from './support';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const TICKS_PER_SECOND = 100;
/** Seconds of CPU (user and system, every thread) the process has used. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
};

await ensureServerBuilt();
const folder = mkdtempSync(join(tmpdir(), 'salescoach-suggestions-'));
const product = await startProduct({
  port: await freePort(),
  dataDir: folder,
  emulatorPort: await freePort(),
  env: { STATIC_DIR: join(folder, 'no-portal'), EMBEDDINGS_BASE_URL: undefined, LLM_BASE_URL: undefined },
  log: () => {},
});
try {
  const headers = { authorization: `Bearer ${await demoAdminToken(product)}` };
  const read = async <T>(path: string) => ((await (await fetch(`${product.url}/api${path}`, { headers })).json()) as { data: T }).data;
  for (;;) {
    const matching = await read<{ pending: number; source: string; threshold: number }>('/dictionary/matching');
    if (matching.pending === 0 && matching.source === 'calibrated') {
      console.log(`calibrated: threshold ${matching.threshold}, load average ${loadavg()[0].toFixed(1)}`);
      break;
    }
    await sleep(500);
  }
  const pid = product.serverPid!;
  const startCpu = cpuSeconds(pid);
  const started = performance.now();
  // settled: the list has not grown for 30 s and the server used under 1.5 s of CPU over those 30 s
  let last = { total: -1, at: started, cpu: startCpu };
  let list: VariationSuggestions = { items: [], total: 0 };
  const recent: { at: number; cpu: number }[] = [];
  for (;;) {
    await sleep(5_000);
    list = await read<VariationSuggestions>('/dictionary/suggestions');
    const cpu = cpuSeconds(pid);
    const now = performance.now();
    recent.push({ at: now, cpu });
    while (recent.length > 0 && now - recent[0].at > 30_000) recent.shift();
    console.log(`${((now - started) / 1000).toFixed(0)} s: ${list.total} suggestions, server CPU ${(cpu - startCpu).toFixed(1)} s`);
    if (list.total !== last.total) last = { total: list.total, at: now, cpu };
    else if (now - last.at >= 30_000 && cpu - recent[0].cpu < 1.5) {
      last = { total: list.total, at: recent[0].at, cpu: recent[0].cpu };
      break;
    }
  }
  const settled = (last.at - started) / 1000;
  console.log(`settled after ${settled.toFixed(0)} s; server CPU over that: ${(last.cpu - startCpu).toFixed(1)} s`);
  console.log(`${list.total} suggestions for ${list.items.length} items`);
  for (const item of list.items.slice(0, 8))
    console.log(
      `  ${item.question} (${item.suggestions.length}): ${item.suggestions
        .slice(0, 3)
        .map((suggestion) => `"${suggestion.text}" ${suggestion.score}`)
        .join('; ')}`,
    );
} finally {
  await product.stop();
  rmSync(folder, { recursive: true, force: true });
}
