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
import { CHECKPOINT_STATEMENTS, compactionsSettled, registerCompaction, vacuumFullStatement } from './compaction';
import { lockDataDir, lockFolderOf } from './dataDirLock';
import { makeOwnerOnly, ownerOnlyUmask } from './ownerOnly';
import { type DatabaseUsage, watchPgliteUsage, watchPostgresUsage } from './usage';
import * as schema from './schema';
import { createStatisticsUpkeep, refreshStatistics, type StatisticsUpkeepOptions } from './statistics';
import { watchWrites, type WriteGeneration } from './writeGeneration';

export { DataDirInUseError, lockDataDir } from './dataDirLock';
export { refreshStatistics } from './statistics';
export type { WriteGeneration } from './writeGeneration';
export type { DatabaseUsage } from './usage';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Use it, never the outer db, inside `db.transaction`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** 'memory' for a throwaway in-memory database. */
  dataDir?: string;
  /** An in-memory database starts from this copy of a data directory (PGlite's dumpDataDir), e.g. one already migrated. */
  startFrom?: Blob;
  /** Start-up work: on PostgreSQL it runs after the migrations under the same advisory lock, so servers take turns. */
  prepare?: (db: Database) => Promise<void>;
  statistics?: StatisticsUpkeepOptions | false;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PGlite only: null on PostgreSQL, which other servers write too. */
  writes: WriteGeneration | null;
  usage: DatabaseUsage;
  refreshStatistics(): Promise<void>;
  close(): Promise<void>;
  /** PGlite on a data directory, for backups; otherwise null. */
  holdDataDir: (<T>(copy: () => Promise<T>) => Promise<T>) | null;
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../migrations');

export const openDatabase = async (options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir ?? 'memory', options);
};

const hasStatistics = async (db: Database): Promise<boolean> => {
  const result = (await db.execute(
    sql`select exists (select 1 from pg_statistic s join pg_class c on c.oid = s.starelid where c.relname = 'sessions') as analysed`,
  )) as unknown as { rows: { analysed: boolean }[] };
  return result.rows[0]?.analysed === true;
};

const statisticsFor = (options: OpenDatabaseOptions, db: () => Database) => {
  const upkeep = createStatisticsUpkeep(() => refreshStatistics(db()), options.statistics || {});
  return {
    logger: { logQuery: (query: string) => upkeep.noteQuery(query) },
    upkeep,
    started: async () => {
      // A restart with nothing written keeps the stored statistics: analysing all again took 1.2 to 1.5 s of every demo restart.
      if (upkeep.pendingWrites > 0 || !(await hasStatistics(db()))) await upkeep.refresh();
      if (options.statistics !== false) upkeep.start();
    },
    closing: async () => {
      await upkeep.stop();
      await upkeep.check();
    },
  };
};

/** Any fixed bigint that never changes between releases: the first 8 bytes of SHA-256("salescoach-admin migrations"). */
export const MIGRATION_LOCK_KEY = '2301903412483786514';

const openPostgres = async (connectionString: string, options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes is an 'error' event on the pool: without a listener Node ends the process.
  pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
  const usage = watchPostgresUsage(pool);
  const statistics = statisticsFor(options, () => db);
  const db: Database = drizzlePg({ client: pool, schema, logger: statistics.logger });
  try {
    // Without the advisory lock two servers starting together would both apply the migrations; PostgreSQL drops the
    // lock by itself if the connection or the process dies.
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
      // Closing a connection whose unlock failed ends its session, and with it the lock.
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
 * shared_buffers 32 MB instead of 128: resident memory at 10 000 sessions went from about 480 to 390 MiB, same throughput.
 * wal_recycle off: old log segments are removed, not reused with an erased call's words in them (compaction.ts).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'wal_recycle=off'];

/**
 * Holds PGlite's transaction and query locks, so the copied files hold only committed work and none changes under it;
 * the checkpoint leaves next to nothing of the write-ahead log to replay.
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
  if (!memory) ownerOnlyUmask();
  const release = memory ? () => {} : lockDataDir(resolve(dataDir));
  try {
    const extensions = { pg_trgm };
    const opened = memory
      ? await PGlite.create({ extensions, startParams: PGLITE_START_PARAMS, loadDataDir: options.startFrom })
      : await PGlite.create(resolve(dataDir), { extensions, startParams: PGLITE_START_PARAMS });
    if (!memory) for (const folder of [resolve(dataDir), lockFolderOf(resolve(dataDir))]) makeOwnerOnly(folder);
    const { client: written, writes } = watchWrites(opened);
    const { client, usage } = watchPgliteUsage(written);
    const statistics = statisticsFor(options, () => db);
    const db = drizzlePglite({ client, schema, logger: statistics.logger });
    const exclusively = (statements: readonly string[]) =>
      opened._runExclusiveTransaction(() =>
        opened._runExclusiveQuery(async () => {
          for (const statement of statements) await opened.execProtocol(protocol.serialize.query(statement));
        }),
      );
    if (!memory)
      registerCompaction(db, {
        table: (name) => exclusively([vacuumFullStatement(name)]),
        checkpoint: () => exclusively(CHECKPOINT_STATEMENTS),
      });
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
      // A backup holds nothing an erasure deleted: it waits for the erasures' compactions.
      holdDataDir: memory ? null : (copy) => compactionsSettled(db).then(() => holdBetweenTransactions(opened, copy)),
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
