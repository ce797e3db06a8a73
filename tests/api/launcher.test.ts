import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from '../../scripts/authEmulator';
import { freePort } from '../../scripts/freePort';
import { DEMO_PASSWORD } from '../../server/seed';
import { uniqueEmail } from '../support/identity';

// npm start (scripts/start.ts) as a user runs it: a crashed API server is started again while
// the Auth emulator, and so every account, keeps running; each emulator saves only its own
// accounts. Durations are printed, never asserted: the machines running this are shared.
const root = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Start-pass-1';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The ids of the processes listening on a TCP port of this machine (ss shows the pids of our own). */
const listeners = (port: number): number[] => {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  if (out.trim() === '') return [];
  return [...out.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
};
const isListening = (port: number) =>
  execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.trim() !== '');

const accountsSavedIn = (authDir: string): string[] => {
  const file = join(authDir, 'auth_export', 'accounts.json');
  if (!existsSync(file)) return [];
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { users?: { email?: string }[] };
  return (saved.users ?? []).map((user) => user.email ?? '').sort();
};

const emulatorCall = async (host: string, method: 'signUp' | 'signInWithPassword', email: string, password: string) => {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`${method} ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string; localId: string };
};

const healthy = async (url: string) => {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
};

interface Launcher {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first match of `pattern` in the output from `from` on; rejects if the launcher exits first. */
  waitFor(pattern: RegExp, timeoutMs: number, from?: number): Promise<RegExpMatchArray>;
}

const startLauncher = (env: NodeJS.ProcessEnv): Launcher => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      ended = true;
      done({ code, signal });
    }),
  );
  const waitFor = async (pattern: RegExp, timeoutMs: number, from = 0) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = output.slice(from).match(pattern);
      if (match) return match;
      if (ended) throw new Error(`The launcher exited before printing ${pattern}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The launcher did not print ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
      await sleep(50);
    }
  };
  return { child, output: () => output, exited, waitFor };
};

/** SIGTERM, as a service manager stops it; SIGKILL after `graceMs`. Resolves with how it ended. */
const stopLauncher = async (launcher: Launcher, graceMs = 60_000) => {
  if (launcher.child.exitCode === null && launcher.child.signalCode === null) launcher.child.kill('SIGTERM');
  const timer = setTimeout(() => launcher.child.kill('SIGKILL'), graceMs);
  const result = await launcher.exited;
  clearTimeout(timer);
  return result;
};

/** A data root, free ports and the environment npm start runs with in these tests. */
const launcherEnv = async () => {
  const dataRoot = mkdtempSync(join(tmpdir(), 'salescoach-launcher-'));
  const [port, emulatorPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    AUTH_EMULATOR_PORT: String(emulatorPort),
    DATA_ROOT: dataRoot,
    // No portal to build or serve (the API is what is tested) and the light embedding model:
    // the server's start is the same, the shared machine does less around it.
    STATIC_DIR: join(dataRoot, 'no-portal'),
    EMBEDDINGS_PROVIDER: 'hashed',
  };
  for (const name of ['NODE_ENV', 'FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_PROJECT_ID', 'DATABASE_URL', 'DATA_DIR', 'HOST'])
    delete env[name];
  return { dataRoot, port, emulatorPort, env };
};

describe('npm start', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restarts an API server killed with SIGKILL, keeps the accounts, and leaves nothing behind on SIGTERM', {
    timeout: 360_000,
  }, async () => {
    const { dataRoot, port, emulatorPort, env } = await launcherEnv();
    const launcher = startLauncher(env);
    cleanups.push(async () => {
      await stopLauncher(launcher, 30_000);
      // Whatever a launcher killed mid-way left on this test's own ports.
      for (const pid of [...listeners(port), ...listeners(emulatorPort)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(dataRoot, { recursive: true, force: true });
    });

    const started = await launcher.waitFor(/Started in ([\d.]+) s \(API server pid (\d+)\)/, 300_000);
    const url = `http://127.0.0.1:${port}`;
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    expect(await healthy(url)).toBe(true);
    const firstPid = Number(started[2]);
    expect(listeners(port)).toEqual([firstPid]);

    // An account created in the portal, as an admin does on the users page.
    const admin = await emulatorCall(emulatorHost, 'signInWithPassword', 'admin@salescoach.test', DEMO_PASSWORD);
    const email = uniqueEmail('survivor');
    const created = await fetch(`${url}/api/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Survives A Crash', role: 'user' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { data: user } = (await created.json()) as { data: { _id: string } };

    const before = launcher.output().length;
    const killedAt = Date.now();
    process.kill(firstPid, 'SIGKILL');
    await launcher.waitFor(/The API server \(pid \d+\) stopped unexpectedly \(signal SIGKILL\); restarting it/, 30_000, before);
    while (!(await healthy(url))) {
      if (Date.now() - killedAt > 120_000) throw new Error(`The API server did not come back:\n${launcher.output()}`);
      await sleep(50);
    }
    const backAfterMs = Date.now() - killedAt;
    const ready = await launcher.waitFor(/The API server is ready again in ([\d.]+) s \(pid (\d+)\)/, 30_000, before);
    const secondPid = Number(ready[2]);
    console.log(
      `launcher: first start ${started[1]} s; SIGKILL to a healthy /api/health again ${(backAfterMs / 1000).toFixed(2)} s ` +
        `(the launcher's own count from the exit it saw: ${ready[1]} s)`,
    );
    expect(secondPid).not.toBe(firstPid);
    expect(listeners(port)).toEqual([secondPid]);
    expect(launcher.child.exitCode).toBeNull();

    // The account is still there: in the emulator (it signs in) and in the database (listed).
    await emulatorCall(emulatorHost, 'signInWithPassword', email, PASSWORD);
    const listed = await fetch(`${url}/api/admin/users?search=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(listed.status).toBe(200);
    const { data: list } = (await listed.json()) as { data: { users: { _id: string; email: string }[] } };
    expect(list.users.map(({ _id, email }) => ({ _id, email }))).toEqual([{ _id: user._id, email }]);

    // A second crash soon after is restarted after a wait; stopping the launcher then (during
    // the wait, or during the restart if the machine is slow) leaves nothing running.
    const [emulatorPid] = listeners(emulatorPort);
    expect(emulatorPid).toBeGreaterThan(0);
    const beforeSecond = launcher.output().length;
    process.kill(secondPid, 'SIGKILL');
    await launcher.waitFor(/stopped unexpectedly \(signal SIGKILL\); restarting it in 1\.0 s \(restart 2 in a row\)/, 30_000, beforeSecond);
    const ended = await stopLauncher(launcher);
    expect(ended, launcher.output()).toEqual({ code: 0, signal: null });
    expect(isListening(port)).toBe(false);
    expect(isListening(emulatorPort)).toBe(false);
    for (const pid of [firstPid, secondPid, emulatorPid]) expect(() => process.kill(pid, 0)).toThrow();
    // The emulator saved its accounts on the way out: the next start imports them.
    expect(accountsSavedIn(join(dataRoot, 'auth'))).toContain(email);
  });

  it.each([
    ['SIGINT', 'while it starts'],
    ['SIGTERM', 'while it starts'],
    // SIGTERM once started: the first test.
    ['SIGINT', 'once started'],
  ] as const)('stops the Auth emulator on %s %s: its port is free and its process gone', { timeout: 420_000 }, async (signal, when) => {
    const { dataRoot, port, emulatorPort, env } = await launcherEnv();
    const launcher = startLauncher(env);
    cleanups.push(async () => {
      await stopLauncher(launcher, 30_000);
      rmSync(dataRoot, { recursive: true, force: true });
    });
    if (when === 'once started') await launcher.waitFor(/Started in [\d.]+ s/, 300_000);
    let emulatorPids: number[] = [];
    for (const deadline = Date.now() + 180_000; emulatorPids.length === 0; await sleep(50)) {
      if (Date.now() > deadline || launcher.child.exitCode !== null) throw new Error(`No emulator listened:\n${launcher.output()}`);
      emulatorPids = listeners(emulatorPort);
    }
    launcher.child.kill(signal);
    const ended = await launcher.exited;
    expect(ended, launcher.output()).toEqual({ code: 0, signal: null });
    expect(isListening(emulatorPort)).toBe(false);
    expect(isListening(port)).toBe(false);
    for (const pid of emulatorPids) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('keeps each emulator of the same demo project to its own accounts when both save them', { timeout: 180_000 }, async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'salescoach-two-emulators-'));
    const emulators: AuthEmulator[] = [];
    cleanups.push(async () => {
      await Promise.all(emulators.map((emulator) => emulator.stop()));
      rmSync(dataRoot, { recursive: true, force: true });
    });
    const [firstDir, secondDir] = [join(dataRoot, 'first'), join(dataRoot, 'second')];
    const first = await startAuthEmulator({ dataDir: firstDir });
    emulators.push(first);
    const second = await startAuthEmulator({ dataDir: secondDir });
    emulators.push(second);
    expect(first.projectId).toBe(second.projectId);

    const [firstEmail, secondEmail] = [uniqueEmail('first'), uniqueEmail('second')];
    await emulatorCall(first.host, 'signUp', firstEmail, PASSWORD);
    await emulatorCall(second.host, 'signUp', secondEmail, PASSWORD);

    // The second one stopped first: sharing one hub locator, it used to save the first one's
    // accounts (found through the locator the first one wrote) in place of its own.
    await second.stop();
    await first.stop();
    expect(accountsSavedIn(secondDir)).toEqual([secondEmail]);
    expect(accountsSavedIn(firstDir)).toEqual([firstEmail]);
  });
});
