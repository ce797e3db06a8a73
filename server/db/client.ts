import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema';

/** The one database type route handlers see: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (use it, never the outer db, inside `db.transaction`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory' for a throwaway in-memory database. */
  dataDir?: string;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../migrations');

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(`The data directory ${dataDir} is already in use by another server process. Stop it first, or set DATA_DIR to another directory (after a crash the lock expires within 10 s).`);
    this.name = 'DataDirInUseError';
  }
}

/** Opens the database and applies the committed migrations. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory');
};

const openPostgres = async (connectionString: string): Promise<OpenedDatabase> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
};

const openPglite = async (dataDir: string): Promise<OpenedDatabase> => {
  const memory = dataDir === 'memory';
  const release = memory ? async () => {} : await lockDataDir(resolve(dataDir));
  try {
    // pg_trgm: the trigram index of the sessions search (migration 0002 creates the extension).
    const extensions = { pg_trgm };
    const client = memory ? await PGlite.create({ extensions }) : await PGlite.create(resolve(dataDir), { extensions });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
};

// PGlite is one connection in one process: two servers on one directory would corrupt it.
const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      stale: 10_000,
      onCompromised: (error) => console.error(`Lock on ${dataDir} compromised: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
};
