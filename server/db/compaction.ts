import type { Database } from './client';

/*
 * docs/security.md "Erasure": deleted rows' bytes stay in pages and the write-ahead log until reused. On PGlite the
 * server owns the files, so each erasure is followed by a compaction, one at a time, after the answer; a backup waits.
 */
type Compact = (tables: readonly string[]) => Promise<void>;

interface Compactor {
  compact: Compact;
  pending: Set<string>;
  settled: Promise<void>;
}

const compactors = new WeakMap<Database, Compactor>();

export const registerCompaction = (db: Database, compact: Compact): void => {
  compactors.set(db, { compact, pending: new Set(), settled: Promise.resolve() });
};

/** Nothing on PostgreSQL (the operator's VACUUM and WAL policy) or in memory. */
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

/** A backup waits for it. */
export const compactionsSettled = (db: Database): Promise<void> => compactors.get(db)?.settled ?? Promise.resolve();

/** VACUUM runs outside a transaction; checkpoint, switch and checkpoint again remove the old WAL segments (wal_recycle off). */
export const compactionStatements = (tables: readonly string[]): string[] => [
  `VACUUM (FULL) ${tables.map((table) => `"${table.replaceAll('"', '""')}"`).join(', ')}`,
  'CHECKPOINT',
  'SELECT pg_switch_wal()',
  'CHECKPOINT',
];
