import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/freePort';
import { DEMO_PASSWORD } from '../../server/seed';
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/apiApp';
import { signIn, signUp, useAuthEmulator } from '../support/identity';

const root = resolve(import.meta.dirname, '../..');

/** The local addresses with a listening TCP socket on `port`, from /proc/net/tcp and tcp6. */
const listeningAddresses = (port: number): string[] => {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    const rows = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/));
    for (const [, local, , state] of rows) {
      const [address, localPort] = local.split(':');
      if (state !== '0A' || localPort !== hexPort) continue;
      if (!v6)
        addresses.push(
          address
            .match(/../g)!
            .reverse()
            .map((byte) => parseInt(byte, 16))
            .join('.'),
        );
      else addresses.push(/^0+$/.test(address) ? '::' : address === '00000000000000000000000001000000' ? '::1' : `ipv6:${address}`);
    }
  }
  return addresses;
};

/**
 * A process that only takes the data directory lock: it loads server/db/client.ts, prints
 * "ready", waits for a line on stdin (so several contend at the same moment), then prints
 * "won" and holds the lock until killed, or prints "refused" (DataDirInUseError) and exits.
 */
const LOCKER = `
const { lockDataDir } = await import('./server/db/client.ts');
console.log('ready');
process.stdin.once('data', () => {
  try {
    lockDataDir(process.env.LOCK_DIR);
    console.log('won');
    setInterval(() => {}, 60_000);
  } catch (error) {
    console.log(error instanceof Error && error.name === 'DataDirInUseError' ? 'refused' : \`failed: \${String(error)}\`);
    process.exit(0);
  }
});
`;

interface Locker {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  exited: Promise<unknown>;
  /** Resolves with the first line after "ready". */
  verdict: Promise<string>;
}

const startLocker = (lockDir: string): { locker: Locker; ready: Promise<void> } => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', LOCKER], {
    cwd: root,
    env: { ...process.env, LOCK_DIR: lockDir },
  });
  const lines: string[] = [];
  let output = '';
  const waiters: { count: number; done(line: string): void }[] = [];
  const exited = new Promise((done) => child.once('exit', done));
  const lineAt = (count: number) =>
    new Promise<string>((done, fail) => {
      waiters.push({ count, done });
      void exited.then(() => fail(new Error(`locker exited after ${JSON.stringify(lines)}; stderr:\n${output}`)));
    });
  child.stdout.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    for (const waiter of waiters) if (lines.length >= waiter.count) waiter.done(lines[waiter.count - 1]);
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = lineAt(1).then((line) => expect(line).toBe('ready'));
  return { locker: { child, lines, exited, verdict: lineAt(2) }, ready };
};

/** Starts `count` lockers, lets them all try at once, and returns each one with its verdict. */
const contend = async (lockDir: string, count: number) => {
  const started = Array.from({ length: count }, () => startLocker(lockDir));
  const lockers = started.map(({ locker }) => locker);
  try {
    await Promise.all(started.map(({ ready }) => ready));
    for (const locker of lockers) locker.child.stdin.write('go\n');
    const verdicts = await Promise.all(lockers.map((locker) => locker.verdict));
    return { lockers, verdicts };
  } catch (error) {
    for (const locker of lockers) locker.child.kill('SIGKILL');
    throw error;
  }
};

// Each test starts real server processes; under load a start can take tens of seconds.
describe('the server process', { timeout: 360_000 }, () => {
  let dataRoot: string;
  let emulatorHost: string;
  const started: ServerProcess[] = [];
  const launch = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
    started.push(server);
    return server;
  };

  beforeAll(() => {
    emulatorHost = useAuthEmulator();
    dataRoot = mkdtempSync(join(tmpdir(), 'salescoach-process-'));
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    rmSync(dataRoot, { recursive: true, force: true });
  });

  it.each(['production', 'staging', 'development'])(
    'refuses the Auth emulator for a project that is not demo-* (NODE_ENV=%s)',
    async (nodeEnv) => {
      const server = await launch({
        NODE_ENV: nodeEnv,
        FIREBASE_PROJECT_ID: 'acme-sales-prod',
        ADMIN_UIDS: 'uid-a',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        DATA_DIR: join(dataRoot, `guard-${nodeEnv}`),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set, but FIREBASE_PROJECT_ID=acme-sales-prod is not a demo-* project',
      );
    },
  );

  it('listens on loopback only with the Auth emulator (HOST unset), and refuses a network HOST', async () => {
    const exposed = await launch({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, DATA_DIR: join(dataRoot, 'exposed') });
    expect(await exposed.exited).toBe(1);
    expect(exposed.output()).toContain('Refusing to start: HOST=0.0.0.0 would expose a server that trusts the Auth emulator');

    const server = await launch({ HOST: '', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, DATA_DIR: join(dataRoot, 'loopback') });
    await waitUntilReady(server);
    // Read the bound address off the kernel's socket table rather than connecting from outside.
    expect(listeningAddresses(Number(new URL(server.url).port))).toEqual(['127.0.0.1']);
    expect(server.output()).toContain('(listening on 127.0.0.1)');
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('refuses to start outside demo mode without ADMIN_UIDS', async () => {
    const server = await launch({
      FIREBASE_PROJECT_ID: 'acme-sales-prod',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ADMIN_UIDS: '',
      DATA_DIR: join(dataRoot, 'no-admins'),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Refusing to start: ADMIN_UIDS is empty');
  });

  it('seeds the demo accounts, locks its data directory, drains on SIGTERM and keeps the data', async () => {
    const dataDir = join(dataRoot, 'db');
    const first = await launch({ DATA_DIR: dataDir, SEED: 'true', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
    await waitUntilReady(first);
    expect(first.output()).toMatch(/Sales Coach admin portal: http:\/\/localhost:\d+/);
    expect(first.output()).toContain('admin@salescoach.test');

    const token = await signIn('admin@salescoach.test', DEMO_PASSWORD);
    const saved = await fetch(`${first.url}/api/speech-rate`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false, time_window: 90, max_words: 420 }),
    });
    expect(saved.status).toBe(200);

    const second = await launch({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already in use by another server process');

    expect(await first.stop('SIGTERM')).toBe(0);

    const third = await launch({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
    await waitUntilReady(third);
    const read = await fetch(`${third.url}/api/speech-rate`, { headers: { authorization: `Bearer ${token}` } });
    expect(await read.json()).toEqual({
      success: true,
      data: { enabled: false, time_window: 90, max_words: 420, version: expect.any(Number) },
    });
    expect(await third.stop('SIGTERM')).toBe(0);
  });

  it('keeps every acknowledged write across kill -9 and a restart', async () => {
    const dataDir = join(dataRoot, 'crash');
    let server = await launch({ DATA_DIR: dataDir, SEED: 'true', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
    await waitUntilReady(server);
    const token = await signIn('admin@salescoach.test', DEMO_PASSWORD);
    const restartTimes: number[] = [];
    for (const maxWords of [333, 334, 335]) {
      const written = { enabled: true, time_window: 17, max_words: maxWords };
      const saved = await fetch(`${server.url}/api/speech-rate`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(written),
      });
      expect(saved.status).toBe(200);
      await server.stop('SIGKILL');

      // The dead server's lock is recognised at once: one restart attempt, no waiting it out.
      const began = performance.now();
      server = await launch({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
      await waitUntilReady(server);
      restartTimes.push(Math.round(performance.now() - began));
      const read = await fetch(`${server.url}/api/speech-rate`, { headers: { authorization: `Bearer ${token}` } });
      expect(await read.json()).toEqual({ success: true, data: { ...written, version: expect.any(Number) } });
    }
    const median = [...restartTimes].sort((a, b) => a - b)[1];
    console.info(
      `restart after kill -9, from launching the new process to /api/health answering: ${restartTimes.join(', ')} ms (median ${median} ms)`,
    );
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('lets exactly one of several processes take a folder, and exactly one take over from a killed holder', async () => {
    const dataDir = join(dataRoot, 'race');
    const lockers: Locker[] = [];
    try {
      const first = await contend(dataDir, 4);
      lockers.push(...first.lockers);
      expect([...first.verdicts].sort()).toEqual(['refused', 'refused', 'refused', 'won']);

      // The holder dies without releasing; four processes restart at the same moment.
      const holder = first.lockers[first.verdicts.indexOf('won')];
      holder.child.kill('SIGKILL');
      await holder.exited;
      const second = await contend(dataDir, 4);
      lockers.push(...second.lockers);
      expect([...second.verdicts].sort()).toEqual(['refused', 'refused', 'refused', 'won']);
    } finally {
      for (const locker of lockers) locker.child.kill('SIGKILL');
      await Promise.all(lockers.map((locker) => locker.exited));
    }
  });

  it('answers 503 AUTH_UNAVAILABLE, not 401, when the identity provider cannot be reached', async () => {
    const account = await signUp();
    const server = await launch({ DATA_DIR: join(dataRoot, 'outage'), FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}` });
    await waitUntilReady(server);
    const response = await fetch(`${server.url}/api/speech-rate`, { headers: { authorization: `Bearer ${account.idToken}` } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'AUTH_UNAVAILABLE', message: expect.any(String) });
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
