import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { buildApp, type App, type BuildAppOptions } from '../../server/app';
import { openDatabase, type Database, type OpenedDatabase } from '../../server/db/client';
import { createFirebaseIdentity, type Identity } from '../../server/services/identity';
import type { RuntimeConfigContract } from '../../src/contract/runtimeConfig';
import { bearer, makeAdmin, signUp, TEST_PROJECT_ID, useAuthEmulator, type EmulatorAccount } from './identity';
import { ensureServerBuilt, SERVER_BUNDLE } from '../../scripts/buildServer';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

export interface TestApp {
  app: App;
  db: Database;
  /** PGlite on a data directory (testApp's `dataDir`): OpenedDatabase.holdDataDir. */
  holdDataDir: OpenedDatabase['holdDataDir'];
  identity: Identity;
  kind: DbKind;
  /** A new emulator account with an admin profile; `headers` carries its bearer token. */
  createAdmin(): Promise<EmulatorAccount & { headers: Record<string, string> }>;
  close(): Promise<void>;
}

export const testRuntimeConfig = (authEmulatorHost: string | null): RuntimeConfigContract => ({
  apiBaseUrl: '',
  firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: TEST_PROJECT_ID },
  authEmulatorUrl: authEmulatorHost ? `http://${authEmulatorHost}` : null,
  adminUids: ['demo-admin-0000000000000001', 'demo-admin-0000000000000002'],
});

/** A fresh database in the throwaway cluster, empty or `migrated`; dropping it is the returned function. */
export const createPostgresDatabase = async ({ migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> => {
  const adminUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${inject('postgresTemplate')}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};

let pgliteTemplate: Blob | null = null;
/** The migrated data directory apiGlobalSetup dumped, read once per file. */
const migratedPglite = () => (pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]));

/**
 * Builds the real app on a fresh, migrated database (PGlite in memory or in `dataDir`, or a new PostgreSQL
 * database) with identity from the Auth emulator and the rate limit off unless overridden.
 */
export const testApp = async (
  kind: DbKind,
  overrides: Partial<Omit<BuildAppOptions, 'db' | 'identity'>> = {},
  { dataDir = 'memory' }: { dataDir?: string } = {},
): Promise<TestApp> => {
  const emulatorHost = useAuthEmulator();
  const postgres = kind === 'postgres' ? await createPostgresDatabase({ migrated: true }) : null;
  const database = await openDatabase(
    postgres ? { databaseUrl: postgres.url } : { dataDir, startFrom: dataDir === 'memory' ? migratedPglite() : undefined },
  );
  const identity = createFirebaseIdentity({ projectId: TEST_PROJECT_ID });
  const app = await buildApp({
    db: database.db,
    writes: database.writes,
    usage: database.usage,
    identity,
    runtimeConfig: testRuntimeConfig(emulatorHost),
    rateLimit: false,
    ...overrides,
  });
  return {
    app,
    db: database.db,
    holdDataDir: database.holdDataDir,
    identity,
    kind,
    createAdmin: async () => {
      const account = await signUp();
      await makeAdmin(database.db, account);
      return { ...account, headers: bearer(account.idToken) };
    },
    close: async () => {
      await app.close();
      await database.close();
      await identity.close();
      await postgres?.drop();
    },
  };
};

export interface ServerProcess {
  url: string;
  exited: Promise<number | null>;
  output(): string;
  /** Sends the signal unless the process has exited; resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The bundled server as npm start runs it (scripts/buildServer.ts), on a free port of 127.0.0.1, without the portal build. */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  await ensureServerBuilt({ log: () => {} });
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'false',
      STATIC_DIR: join(tmpdir(), 'no-portal'),
      ...env,
    },
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

/**
 * Polls /api/health every 100 ms; throws with the output if the process exits first. A start with seeding takes some
 * 10 to 20 s here; the bound holds on a machine four times slower, beside the other test files.
 */
export const waitUntilReady = async (server: ServerProcess): Promise<void> => {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
  }
  throw new Error(`server not ready:\n${server.output()}`);
};
