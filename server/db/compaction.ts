import type { Database } from './client';

/**
 * What an erasure leaves in the database's files (docs/security.md "Erasure"): PostgreSQL keeps a
 * deleted row's bytes in its table and index pages until they are reused, and in the write-ahead
 * log until its segment is removed. On PGlite the server owns the files, so each erasure is
 * followed by a compaction of what it touched (compactFiles); on PostgreSQL that is the
 * operator's VACUUM and WAL policy. Compactions run one at a time, after the erasure's answer:
 * erasures made while one runs share the next, and a backup waits for them (client.ts).
 */

type Compact = (tables: readonly string[]) => Promise<void>;

interface Compactor {
  compact: Compact;
  pending: Set<string>;
  settled: Promise<void>;
}

const compactors = new WeakMap<Database, Compactor>();

/** client.ts: how to compact the files of `db` (PGlite on a data directory). */
export const registerCompaction = (db: Database, compact: Compact): void => {
  compactors.set(db, { compact, pending: new Set(), settled: Promise.resolve() });
};

/**
 * Rewrites `tables` and retires the write-ahead log that held their deleted rows, after the
 * compactions already asked for; resolves once done. Nothing on PostgreSQL or in memory.
 */
export const compactFiles = (db: Database, tables: readonly string[]): Promise<void> => {
  const compactor = compactors.get(db);
  if (!compactor) return Promise.resolve();
  for (const table of tables) compactor.pending.add(table);
  const run = compactor.settled.then(async () => {
    if (compactor.pending.size === 0) return;
    const now = [...compactor.pending];
    compactor.pending.clear();
    await compactor.compact(now);
  });
  compactor.settled = run.catch(() => {});
  return run;
};

/** Resolves once every compaction asked for so far has run (a backup waits for it). */
export const compactionsSettled = (db: Database): Promise<void> => compactors.get(db)?.settled ?? Promise.resolve();

/**
 * The statements, each on its own (VACUUM runs outside a transaction): VACUUM FULL writes each
 * table and its indexes anew and unlinks the old files; the checkpoint puts the new ones on disk,
 * the switch starts a new segment, and the second checkpoint removes the segments before it
 * (wal_recycle off: removed, not renamed with their contents for reuse).
 */
export const compactionStatements = (tables: readonly string[]): string[] => [
  `VACUUM (FULL) ${tables.map((table) => `"${table.replaceAll('"', '""')}"`).join(', ')}`,
  'CHECKPOINT',
  'SELECT pg_switch_wal()',
  'CHECKPOINT',
];
