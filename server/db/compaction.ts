import type { Database } from './client';

/**
 * What an erasure leaves in the database's files (docs/security.md "Erasure"): PostgreSQL keeps a
 * deleted row's bytes in its table and index pages until they are reused, and in the write-ahead
 * log until its segment is removed. On PGlite the server owns the files, so an erasure compacts
 * what it touched (`compactFiles`); on PostgreSQL that is the operator's VACUUM and WAL policy.
 */

type Compact = (tables: readonly string[]) => Promise<void>;

const compactors = new WeakMap<Database, Compact>();

/** client.ts: how to compact the files of `db` (PGlite on a data directory). */
export const registerCompaction = (db: Database, compact: Compact): void => {
  compactors.set(db, compact);
};

/** Rewrites `tables` and retires the write-ahead log that held their deleted rows; nothing on PostgreSQL or in memory. */
export const compactFiles = async (db: Database, tables: readonly string[]): Promise<void> => {
  await compactors.get(db)?.(tables);
};

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
