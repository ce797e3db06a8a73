import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { createFirebaseIdentity, type Identity } from '../../server/services/identity';
import type { RuntimeConfigContract } from '../../src/contract/runtimeConfig';
import { bearer, makeAdmin, signUp, TEST_PROJECT_ID, useAuthEmulator, type EmulatorAccount } from './identity';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

export interface TestApp {
  app: App;
  db: Database;
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

/** A fresh database in the throwaway cluster; dropping it is the returned function. */
const createPostgresDatabase = async (): Promise<{ url: string; drop(): Promise<void> }> => {
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
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};

/**
 * Builds the real app on a fresh, migrated database (PGlite in memory, or a new PostgreSQL
 * database) with identity from the Auth emulator and the rate limit off unless overridden.
 */
export const testApp = async (kind: DbKind, overrides: Partial<Omit<BuildAppOptions, 'db' | 'identity'>> = {}): Promise<TestApp> => {
  const emulatorHost = useAuthEmulator();
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: 'memory' });
  const identity = createFirebaseIdentity({ projectId: TEST_PROJECT_ID });
  const app = await buildApp({ db: database.db, identity, runtimeConfig: testRuntimeConfig(emulatorHost), rateLimit: false, ...overrides });
  return {
    app,
    db: database.db,
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
