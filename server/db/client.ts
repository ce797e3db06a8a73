import { resolve } from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { type DatabaseUsage, watchPgliteUsage, watchPostgresUsage } from './usage';
import * as schema from './schema';
import { createStatisticsUpkeep, refreshStatistics, type StatisticsUpkeepOptions } from './statistics';
import { watchWrites, type WriteGeneration } from './writeGeneration';

export { DataDirInUseError, lockDataDir } from './dataDirLock';
export { refreshStatistics } from './statistics';
export type { WriteGeneration } from './writeGeneration';
export type { DatabaseUsage } from './usage';

/** The one database type route handlers see: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (use it, never the outer db, inside `db.transaction`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory' for a throwaway in-memory database. */
  dataDir?: string;
  /**
   * Start-up work (seeding, bootstrap) that must run once even when several servers start
   * together: on PostgreSQL it runs after the migrations under the same advisory lock, so the
   * servers take turns; on PGlite (one process per directory) it simply runs after migrating.
   */
  prepare?: (db: Database) => Promise<void>;
  /** When to refresh the planner's statistics as writes gather (statistics.ts); false: only at start and on demand. */
  statistics?: StatisticsUpkeepOptions | false;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Changes with every write (writeGeneration.ts), so answers read from the database can be
   * reused until the next one. PGlite only: null on PostgreSQL, which other servers write too.
   */
  writes: WriteGeneration | null;
  /** Statement times and the pool's connections, for the metrics (usage.ts). */
  usage: DatabaseUsage;
  /** ANALYZE now: after bulk work (an ingest, a seed). */
  refreshStatistics(): Promise<void>;
  /** Refreshes the statistics if writes are waiting for it, then closes. */
  close(): Promise<void>;
  /**
   * PGlite on a data directory: runs `copy` while the directory's files hold every committed
   * transaction and stay as they are, for backups (holdBetweenTransactions). Otherwise null.
   */
  holdDataDir: (<T>(copy: () => Promise<T>) => Promise<T>) | null;
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../migrations');

/** Opens the database, applies the committed migrations, then runs `prepare`. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir ?? 'memory', options);
};

/** Whether the planner has statistics of the sessions table (an ANALYZE ran since it last filled). */
const hasStatistics = async (db: Database): Promise<boolean> => {
  const result = (await db.execute(
    sql`select exists (select 1 from pg_statistic s join pg_class c on c.oid = s.starelid where c.relname = 'sessions') as analysed`,
  )) as unknown as { rows: { analysed: boolean }[] };
  return result.rows[0]?.analysed === true;
};

/**
 * The statistics upkeep of one database (statistics.ts), fed by Drizzle's query logger. The
 * statistics are refreshed once migrations and start-up work (seeding) are done, then as writes
 * gather, and at close when writes are due (`npm run seed` closes after its bulk insert).
 */
const statisticsFor = (options: OpenDatabaseOptions, db: () => Database) => {
  const upkeep = createStatisticsUpkeep(() => refreshStatistics(db()), options.statistics || {});
  return {
    logger: { logQuery: (query: string) => upkeep.noteQuery(query) },
    upkeep,
    started: async () => {
      // A restart with nothing written while starting (no migration, no seed) keeps the
      // statistics the database stores with its data: analysing it all again took 1.2 to 1.5 s
      // of every restart of the demo.
      if (upkeep.pendingWrites > 0 || !(await hasStatistics(db()))) await upkeep.refresh();
      if (options.statistics !== false) upkeep.start();
    },
    closing: async () => {
      await upkeep.stop();
      await upkeep.check();
    },
  };
};

/**
 * The key of the session-level advisory lock that serialises start-up across servers sharing
 * one PostgreSQL database. Any fixed bigint works as long as it never changes between releases
 * (an old and a new server starting together must contend for the same lock); this one is the
 * first 8 bytes of SHA-256("salescoach-admin migrations") read as a signed 64-bit integer, so
 * it is unlikely to collide with another application's advisory locks in the same database.
 */
export const MIGRATION_LOCK_KEY = '2301903412483786514';

const openPostgres = async (connectionString: string, options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (a restart, a failover, a dropped test database)
  // is an 'error' event on the pool: without a listener Node ends the process. The pool
  // replaces the connection; requests in flight get their own error.
  pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
  const usage = watchPostgresUsage(pool);
  const statistics = statisticsFor(options, () => db);
  const db: Database = drizzlePg({ client: pool, schema, logger: statistics.logger });
  try {
    // Drizzle's migrator reads the last applied migration, then applies the newer ones: two
    // servers starting together would both apply them (or collide creating its table). The
    // advisory lock makes them take turns; the second finds everything applied. It is held by
    // one dedicated connection, so the migrations run on that connection, and PostgreSQL drops
    // the lock by itself if the connection or the process dies.
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        await options.prepare?.(db);
        await statistics.started();
      } finally {
        await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => {
          broken = true;
        });
      }
    } finally {
      // A connection whose unlock failed is closed rather than reused: that ends its session,
      // and with it the lock.
      client.release(broken);
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    holdDataDir: null,
    writes: null,
    usage,
    refreshStatistics: statistics.upkeep.refresh,
    close: async () => {
      await statistics.closing();
      await pool.end();
    },
  };
};

/**
 * PGlite's own start parameters, with PostgreSQL's buffer cache at 32 MB instead of 128 MB: the
 * server's resident memory at 10 000 sessions went from about 480 to 390 MiB, with the same
 * throughput (the files stay in the system's page cache). Its WebAssembly memory cannot start
 * below 128 MiB.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Runs `copy` while no transaction is open and no statement runs, so a copy of the data
 * directory's files holds only committed work and none of them changes under it: statements
 * queue behind it for the time of the copy. Every public query of PGlite takes its transaction
 * lock first, then its query lock; both are held here. The checkpoint, sent beneath those
 * locks, writes every changed page to the files, so the copy opens with next to nothing of
 * the write-ahead log to replay.
 */
const holdBetweenTransactions = <T>(pglite: PGlite, copy: () => Promise<T>): Promise<T> =>
  pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      await pglite.execProtocol(protocol.serialize.query('CHECKPOINT'));
      return copy();
    }),
  );

const openPglite = async (dataDir: string, options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  const memory = dataDir === 'memory';
  const release = memory ? () => {} : lockDataDir(resolve(dataDir));
  try {
    // pg_trgm: the trigram index of the sessions search (migration 0002 creates the extension).
    const extensions = { pg_trgm };
    const opened = memory
      ? await PGlite.create({ extensions, startParams: PGLITE_START_PARAMS })
      : await PGlite.create(resolve(dataDir), { extensions, startParams: PGLITE_START_PARAMS });
    const { client: written, writes } = watchWrites(opened);
    const { client, usage } = watchPgliteUsage(written);
    const statistics = statisticsFor(options, () => db);
    const db = drizzlePglite({ client, schema, logger: statistics.logger });
    try {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await options.prepare?.(db);
      await statistics.started();
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db,
      kind: 'pglite',
      holdDataDir: memory ? null : (copy) => holdBetweenTransactions(opened, copy),
      writes,
      usage,
      refreshStatistics: statistics.upkeep.refresh,
      close: async () => {
        try {
          await statistics.closing();
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};
