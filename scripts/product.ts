import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startAuthEmulator, type AuthEmulator } from './authEmulator';
import { makeOwnerOnly, ownerOnlyUmask } from '../server/db/ownerOnly';
import { ensureServerBuilt, SERVER_BUNDLE } from './buildServer';

const root = resolve(import.meta.dirname, '..');

/** When and how fast a crashed server is started again (restartOnCrash). */
export interface RestartPolicy {
  /** The wait before the second restart in a row; the first is immediate. Default 1 s. */
  firstDelayMs: number;
  /** The longest wait between restarts (the wait doubles up to it). Default 30 s. */
  maxDelayMs: number;
  /** A server that stayed healthy this long counts as recovered: its crash restarts at once again. Default 60 s. */
  resetAfterMs: number;
}

const DEFAULT_RESTART: RestartPolicy = { firstDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

export interface ProductOptions {
  port: number;
  /** Folder for the PGlite database and the emulator's accounts (default .data). */
  dataDir: string;
  /** null: use a real Firebase project (FIREBASE_PROJECT_ID with credentials), no emulator. */
  emulatorPort: number | null;
  /** Restart the server on source changes (npm run dev). */
  watch?: boolean;
  /**
   * Start the server again when it dies without being asked to (a crash, a signal such as
   * kill -9), with a growing wait between restarts, while the emulator keeps running
   * (npm start). A clean exit (code 0, the server's own shutdown) is not restarted.
   */
  restartOnCrash?: boolean | Partial<RestartPolicy>;
  /**
   * How long the first start may take before it counts as hung (default 2 minutes): a server
   * opening a database of 100,000 sessions on a loaded machine takes longer (the bench).
   */
  readyWithinMs?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RunningProduct {
  url: string;
  emulator: AuthEmulator | null;
  /** The process id of the server running now (it changes when the server is restarted). */
  readonly serverPid: number | undefined;
  /**
   * Resolves with the server's exit code once it has stopped for good: when it stops on its
   * own and is not restarted (every exit without restartOnCrash, a clean exit with it), or
   * when stop() has stopped it.
   */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** One server process and what became of it. */
interface ServerRun {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** When it first answered /api/health. */
  healthyAt?: number;
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
  // Inherited by the emulator and the server: what they write is the owner's alone (server/db/ownerOnly.ts).
  ownerOnlyUmask();
  makeOwnerOnly(options.dataDir);
  const emulator =
    options.emulatorPort === null ? null : await startAuthEmulator({ port: options.emulatorPort, dataDir: join(options.dataDir, 'auth') });
  // The bundled server (scripts/buildServer.ts) needs no TypeScript loader; `npm run dev` runs
  // the sources under tsx, which restarts it when they change.
  const args = options.watch
    ? ['--import', 'tsx', '--watch-path=server', '--watch-path=src/contract', 'server/server.ts']
    : [SERVER_BUNDLE];
  const launch = (): ServerRun => {
    const child = spawn(process.execPath, args, {
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
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
      child.once('exit', (code, signal) => done({ code, signal }));
      // A process that could not be started at all (EAGAIN, ENOMEM) reports an error, no exit.
      child.once('error', (error) => {
        if (child.pid === undefined) {
          log(`Cannot start the API server: ${error.message}`);
          done({ code: null, signal: null });
        }
      });
    });
    return { child, exit };
  };
  const url = `http://localhost:${options.port}`;
  const healthUrl = `${url}/api/health`;

  let run = launch();
  let stopRequested = false;
  let cancelWait: (() => void) | null = null;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      stopRequested = true;
      cancelWait?.();
      // `run` is the server of the moment: one being restarted is stopped like a healthy one.
      await stopChild(run);
      await emulator?.stop();
      makeOwnerOnly(options.dataDir);
    })());
  try {
    await waitForHealth(healthUrl, run.exit, { timeoutMs: options.readyWithinMs });
    run.healthyAt = Date.now();
  } catch (error) {
    await stop();
    throw error;
  }
  log(`Sales Coach admin portal is ready at ${url}`);

  const policy = restartPolicy(options.restartOnCrash);
  const supervise = async (): Promise<number | null> => {
    let restartsInARow = 0;
    for (;;) {
      const { code, signal } = await run.exit;
      if (stopRequested || !policy || code === 0) return code;
      const stoppedAt = Date.now();
      if (run.healthyAt !== undefined && stoppedAt - run.healthyAt >= policy.resetAfterMs) restartsInARow = 0;
      // At once the first time (a one-off crash costs only the server's start), then a
      // doubling wait, so a server that cannot start does not spin the machine.
      const delayMs = restartsInARow === 0 ? 0 : Math.min(policy.firstDelayMs * 2 ** (restartsInARow - 1), policy.maxDelayMs);
      restartsInARow += 1;
      log(
        `The API server (pid ${run.child.pid}) stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); ` +
          `restarting it ${delayMs === 0 ? 'now' : `in ${seconds(delayMs)} s`} (restart ${restartsInARow} in a row)...`,
      );
      await new Promise<void>((done) => {
        const timer = setTimeout(done, delayMs);
        cancelWait = () => {
          clearTimeout(timer);
          done();
        };
      });
      cancelWait = null;
      if (stopRequested) return code;
      run = launch();
      try {
        await waitForHealth(healthUrl, run.exit, { intervalMs: 50 });
        run.healthyAt = Date.now();
        log(`The API server is ready again in ${seconds(run.healthyAt - stoppedAt)} s (pid ${run.child.pid}).`);
      } catch (error) {
        if (stopRequested) return (await run.exit).code;
        // Exited before it was ready (the loop restarts it after a longer wait), or hangs: stop it so the loop does.
        if (run.child.exitCode === null && run.child.signalCode === null) {
          log(`${error instanceof Error ? error.message : String(error)}; stopping it`);
          await stopChild(run);
        }
      }
    }
  };

  return {
    url,
    emulator,
    get serverPid() {
      return run.child.pid;
    },
    exited: supervise(),
    stop,
  };
};

const restartPolicy = (option: ProductOptions['restartOnCrash']): RestartPolicy | null => {
  if (!option) return null;
  return option === true ? DEFAULT_RESTART : { ...DEFAULT_RESTART, ...option };
};

const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 1 : 0);

const stopChild = async ({ child, exit }: ServerRun) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exit;
  clearTimeout(timer);
};

const waitForHealth = async (
  url: string,
  exit: ServerRun['exit'],
  { timeoutMs = 120_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
) => {
  let serverExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exit.then((result) => (serverExit = result));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (serverExit !== undefined) {
      const how = serverExit.signal ? `signal ${serverExit.signal}` : `code ${serverExit.code}`;
      throw new Error(`The API server exited with ${how} before it was ready`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, intervalMs));
  }
  throw new Error(`The API server did not answer ${url} within ${timeoutMs / 1000} s`);
};
