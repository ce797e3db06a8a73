import { type ChildProcess, execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demoAccounts';
import type { RunningProduct } from '../product';

/** How long a server on the bench's 100,000-session database may take to start on a loaded machine (migrations, statistics). */
export const BIG_DATABASE_START_MS = 15 * 60_000;

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The demo admin's ID token from the product's Auth emulator. */
export const demoAdminToken = async (product: RunningProduct): Promise<string> => {
  const signIn = await fetch(
    `http://${product.emulator!.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@salescoach.test', password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  if (!signIn.ok) throw new Error(`Cannot sign in to the emulator: ${signIn.status} ${await signIn.text()}`);
  return ((await signIn.json()) as { idToken: string }).idToken;
};

/**
 * Resident memory of this process's children whose command line contains `match` (the API
 * server started by scripts/product.ts), in bytes; null when none is found. Reads only.
 */
export const childRss = (match: string, parent = process.pid): number | null => {
  const lines = execFileSync('ps', ['-o', 'pid=,rss=,args=', '--ppid', String(parent)], { encoding: 'utf8' }).split('\n');
  const line = lines.find((row) => row.includes(match));
  if (!line) return null;
  return Number(line.trim().split(/\s+/)[1]) * 1024;
};

/** The RSS of one process by id, in bytes; null when it is gone. */
export const rssOf = (pid: number): number | null => {
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
  } catch {
    return null;
  }
};

/** The portal's API asked from `page` with its signed-in admin's stored token; the answer's JSON. */
export const adminFetch = (page: Page, path: string, body?: unknown): Promise<unknown> =>
  page.evaluate(
    async ([path, body]) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:'));
      const token = key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { stsTokenManager?: { accessToken?: string } }).stsTokenManager?.accessToken
        : '';
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    [path, body] as const,
  );

/**
 * Waits until a freshly started portal has embedded its dictionary with its model and
 * calibrated the matching threshold on it (each a new configuration version, and minutes of
 * CPU on a first start): figures taken meanwhile would measure that work too.
 */
export const matchingSettled = async (url: string, headers: Record<string, string>) => {
  for (let i = 0; i < 600; i += 1) {
    const matching = await fetch(`${url}/api/dictionary/matching`, { headers });
    const { data } = (await matching.json()) as { data: { pending: number; source: string } };
    if (data.pending === 0 && data.source !== 'default') return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('The dictionary was still being embedded after 10 minutes');
};

/**
 * Waits until the server has grouped the new inquiries of the last 400 days (no group pending,
 * docs/insights-grouping.md): on a freshly seeded database the grouping job embeds thousands of
 * phrasings once the dictionary is calibrated, which would weigh on the first figures measured.
 * Resolves to the seconds waited; gives up after `timeoutMs` and says so.
 */
export const waitForGrouping = async (url: string, headers: Record<string, string>, log: (line: string) => void, timeoutMs = 900_000) => {
  const started = Date.now();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10);
  while (Date.now() - started < timeoutMs) {
    const response = await fetch(`${url}/api/insights/inquiries?from=${from}&to=${to}`, {
      headers: { ...headers, 'cache-control': 'no-cache' },
    });
    if (!response.ok) throw new Error(`insights inquiries: ${response.status}`);
    const { data } = (await response.json()) as { data: { groups: { pending: boolean }[] } };
    if (!data.groups.some((group) => group.pending)) {
      log(`New inquiries grouped after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  log(`New inquiries still being grouped after ${timeoutMs / 1000} s: the figures below share the machine with that job`);
};

/** Waits up to 30 s for `url` to answer 2xx from the server `child` runs; fails at once if it exits. */
export const waitForHttp = async (url: string, child: ChildProcess) => {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} did not answer`);
};
