import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const AUTOCANNON = resolve(import.meta.dirname, '../../node_modules/autocannon/autocannon.js');

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerRequest: number;
}

/**
 * `connections` clients sending GET `url` back to back for `seconds` (autocannon in its own
 * process, so the load generator does not share the bench's event loop), or, with
 * `overallRate`, that many requests a second in all, as clients that poll on a schedule do.
 * Loopback only.
 */
export const runLoad = async (
  url: string,
  { connections = 50, seconds = 10, headers = {} as Record<string, string>, overallRate = 0 } = {},
) => {
  const args = [AUTOCANNON, '-c', String(connections), '-d', String(seconds), '-j'];
  if (overallRate > 0) args.push('-R', String(overallRate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`autocannon exited ${code}: ${err.slice(0, 500)}`);
  const result = JSON.parse(out) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    throughput: { total: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerRequest: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  } satisfies LoadResult;
};

export const describeLoad = (result: LoadResult) =>
  `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(5)} ms` +
  `   ${(result.bytesPerRequest / 1024).toFixed(1)} KiB/answer${result.non2xx || result.errors ? `   (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`;
