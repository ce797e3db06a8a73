import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/freePort';
import { DEMO_PASSWORD } from '../../server/seed';
import { signIn, signUp, useAuthEmulator } from '../support/identity';

const root = resolve(import.meta.dirname, '../..');

interface ServerProcess {
  url: string;
  exited: Promise<number | null>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `tsx server/server.ts` as npm start runs it, on a free port. */
const startServer = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', SEED: 'false', STATIC_DIR: join(tmpdir(), 'no-portal'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};

const waitUntilReady = async (server: ServerProcess) => {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
  }
  throw new Error(`server not ready:\n${server.output()}`);
};

// Each test starts real server processes; under load a start can take tens of seconds.
describe('the server process', { timeout: 120_000 }, () => {
  let dataRoot: string;
  let emulatorHost: string;
  const started: ServerProcess[] = [];
  const launch = async (env: Record<string, string>) => {
    const server = await startServer(env);
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

  it('refuses to start in production with the Auth emulator configured', async () => {
    const server = await launch({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, DATA_DIR: join(dataRoot, 'guard') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Refusing to start: NODE_ENV=production with FIREBASE_AUTH_EMULATOR_HOST set');
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
    expect(await read.json()).toEqual({ success: true, data: { enabled: false, time_window: 90, max_words: 420 } });
    expect(await third.stop('SIGTERM')).toBe(0);
  });

  it('keeps every acknowledged write across kill -9 and a restart', async () => {
    const dataDir = join(dataRoot, 'crash');
    const first = await launch({ DATA_DIR: dataDir, SEED: 'true', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
    await waitUntilReady(first);
    const token = await signIn('admin@salescoach.test', DEMO_PASSWORD);
    const written = { enabled: true, time_window: 17, max_words: 333 };
    const saved = await fetch(`${first.url}/api/speech-rate`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(written),
    });
    expect(saved.status).toBe(200);
    await first.stop('SIGKILL');

    // The crashed server's lock goes stale within 10 s; until then a restart is refused.
    let restarted: ServerProcess | null = null;
    for (let attempt = 0; attempt < 8 && !restarted; attempt += 1) {
      const candidate = await launch({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
      try {
        await waitUntilReady(candidate);
        restarted = candidate;
      } catch {
        await new Promise((resolveDelay) => setTimeout(resolveDelay, 2_000));
      }
    }
    expect(restarted).not.toBeNull();
    const read = await fetch(`${restarted!.url}/api/speech-rate`, { headers: { authorization: `Bearer ${token}` } });
    expect(await read.json()).toEqual({ success: true, data: written });
    expect(await restarted!.stop('SIGTERM')).toBe(0);
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
