import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startAuthEmulator, type AuthEmulator } from './authEmulator';
import { ensureServerBuilt, SERVER_BUNDLE } from './buildServer';

const root = resolve(import.meta.dirname, '..');

export interface ProductOptions {
  port: number;
  /** Folder for the PGlite database and the emulator's accounts (default .data). */
  dataDir: string;
  /** null: use a real Firebase project (FIREBASE_PROJECT_ID with credentials), no emulator. */
  emulatorPort: number | null;
  /** Restart the server on source changes (npm run dev). */
  watch?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RunningProduct {
  url: string;
  emulator: AuthEmulator | null;
  /** Resolves with the server's exit code when it stops on its own. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Runs the whole product as `npm start` does: the Firebase Auth emulator (demo project,
 * accounts kept in <dataDir>/auth between runs) and the API server, which serves /api and
 * the built portal. Stopping drains the server first, then the emulator (which saves its
 * accounts on the way out).
 */
export const startProduct = async (options: ProductOptions): Promise<RunningProduct> => {
  const log = options.log ?? console.log;
  if (!options.watch) await ensureServerBuilt({ log });
  const emulator =
    options.emulatorPort === null ? null : await startAuthEmulator({ port: options.emulatorPort, dataDir: join(options.dataDir, 'auth') });
  // The bundled server (scripts/buildServer.ts) needs no TypeScript loader; `npm run dev` runs
  // the sources under tsx, which restarts it when they change.
  const args = options.watch
    ? ['--import', 'tsx', '--watch-path=server', '--watch-path=src/contract', 'server/server.ts']
    : [SERVER_BUNDLE];
  const server = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...options.env,
      PORT: String(options.port),
      DATA_DIR: process.env.DATABASE_URL ? '' : join(options.dataDir, 'db'),
      ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: emulator.projectId } : {}),
    },
  });
  const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
  const url = `http://localhost:${options.port}`;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await stopChild(server, exited);
      await emulator?.stop();
    })());
  try {
    await waitForHealth(`${url}/api/health`, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  log(`Sales Coach admin portal is ready at ${url}`);
  return { url, emulator, exited, stop };
};

const stopChild = async (child: ChildProcess, exited: Promise<number | null>) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
};

const waitForHealth = async (url: string, exited: Promise<number | null>, timeoutMs = 120_000) => {
  let serverExit: number | null | undefined;
  void exited.then((code) => (serverExit = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (serverExit !== undefined) throw new Error(`The API server exited with code ${serverExit} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
  }
  throw new Error(`The API server did not answer ${url} within ${timeoutMs / 1000} s`);
};
