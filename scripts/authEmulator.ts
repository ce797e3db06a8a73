import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { makeOwnerOnly } from '../server/db/ownerOnly';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './freePort';

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes */
  host: string;
  url: string;
  projectId: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  port?: number;
  projectId?: string;
  /** Import accounts from and export them to this folder, so demo data survives restarts. */
  dataDir?: string;
  log?: (line: string) => void;
}

const firebaseBin = resolve(import.meta.dirname, '../node_modules/.bin/firebase');

/**
 * Starts the Firebase Auth emulator (firebase-tools) offline with a demo-* project id. The
 * hub and logging ports are picked free too, so several emulators can run side by side.
 */
export const startAuthEmulator = async (options: AuthEmulatorOptions = {}): Promise<AuthEmulator> => {
  // A free port can be taken by another process before the emulator binds it: with ports of
  // its own choosing, it tries again on new ones.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (options.port !== undefined || attempt >= 3 || !String(error).includes('port taken')) throw error;
    }
  }
};

const startOnce = async (options: AuthEmulatorOptions): Promise<AuthEmulator> => {
  const projectId = options.projectId ?? 'demo-salescoach';
  const port = options.port ?? (await freePort());
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const configDir = mkdtempSync(join(tmpdir(), 'salescoach-emulator-'));
  writeFileSync(
    join(configDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', join(configDir, 'firebase.json')];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    makeOwnerOnly(options.dataDir);
    // The first start has nothing to import; later starts load what the last one exported.
    if (existsSync(join(options.dataDir, 'firebase-export-metadata.json'))) args.push('--import', options.dataDir);
    args.push('--export-on-exit', options.dataDir);
  }
  // firebase-tools finds "its" running hub through a locator file named after the project in
  // os.tmpdir() (EmulatorHub.getLocatorFilePath), and --export-on-exit exports from the hub that
  // file names. Two emulators of one demo project sharing the system's temporary folder would
  // find one hub: one saved the other's accounts as its own. A temporary folder of its own
  // (os.tmpdir() reads TMPDIR, then TMP and TEMP) keeps each emulator's export its own.
  const privateTmp = join(configDir, 'tmp');
  mkdirSync(privateTmp);
  const child = spawn(firebaseBin, args, {
    cwd: configDir,
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: '',
      CI: 'true',
      TMPDIR: privateTmp,
      TMP: privateTmp,
      TEMP: privateTmp,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const host = `127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, host, options.log);
  } catch (error) {
    rmSync(configDir, { recursive: true, force: true });
    throw error;
  }
  let stopped: Promise<void> | null = null;
  return {
    host,
    url: `http://${host}`,
    projectId,
    stop: () =>
      (stopped ??= new Promise<void>((done) => {
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          rmSync(configDir, { recursive: true, force: true });
          if (options.dataDir) makeOwnerOnly(options.dataDir);
          done();
        });
        killGroup(child, 'SIGINT');
      })),
  };
};

const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

/**
 * About 8 s on a quiet machine; a busy one (a CI host doing other work, several test runs at
 * once) takes many times that, and giving up early only turns a slow start into a failed one.
 */
const EMULATOR_START_TIMEOUT_MS = 240_000;

const waitUntilReady = (child: ChildProcess, host: string, log?: (line: string) => void) =>
  new Promise<void>((resolveReady, reject) => {
    let output = '';
    const timeout = setTimeout(
      () => fail(new Error(`Auth emulator did not start within ${EMULATOR_START_TIMEOUT_MS / 1000} s:\n${output}`)),
      EMULATOR_START_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timeout);
      killGroup(child, 'SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      text
        .split('\n')
        .filter(Boolean)
        .forEach((line) => {
          log?.(line);
        });
      if (output.includes('All emulators ready')) {
        clearTimeout(timeout);
        // Confirm the REST endpoint answers before handing the host out.
        fetch(`http://${host}/`).then(
          () => resolveReady(),
          (error: Error) => fail(error),
        );
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`Auth emulator exited with code ${code}:\n${output}`)));
  });
