import type { Database } from './client';

/*
 * docs/security.md "Erasure": deleted rows' bytes stay in pages and the write-ahead log until reused. On PGlite the
 * server owns the files, so erasures are followed by a compaction after the answer: those arriving within
 * COALESCE_MS share one, each table is rewritten in a turn of its own (requests run between the turns, so they
 * wait for one table at most, never for all), then one checkpoint. A backup waits for it (docs/operations.md).
 */
export const COALESCE_MS = 500;
/** Between two turns: long enough for the requests that waited to reach the database first. */
const BREATHER_MS = 100;

export interface CompactionLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface CompactionSteps {
  /** Rewrites one table, holding the database meanwhile. */
  table(name: string): Promise<void>;
  /** Removes the write-ahead log the rewrites leave. */
  checkpoint(): Promise<void>;
}

export interface CompactionReport {
  erasures: number;
  /** Each table's rewrite, in ms: the longest is what a request may have waited. */
  tables: Record<string, number>;
  checkpointMs: number;
  ms: number;
}

interface Compactor {
  steps: CompactionSteps;
  pending: Set<string>;
  erasures: number;
  /** The compaction not yet started, which new erasures join. */
  waiting: Promise<CompactionReport | null> | null;
  settled: Promise<unknown>;
  log: CompactionLog | null;
}

const compactors = new WeakMap<Database, Compactor>();

export const registerCompaction = (db: Database, steps: CompactionSteps): void => {
  compactors.set(db, { steps, pending: new Set(), erasures: 0, waiting: null, settled: Promise.resolve(), log: null });
};

/** Where each compaction's `sessions.compacted` line goes (the server's log). */
export const logCompactions = (db: Database, log: CompactionLog): void => {
  const compactor = compactors.get(db);
  if (compactor) compactor.log = log;
};

export const compactionLog = (db: Database): CompactionLog | null => compactors.get(db)?.log ?? null;

const run = async (compactor: Compactor): Promise<CompactionReport | null> => {
  compactor.waiting = null;
  if (compactor.pending.size === 0) return null;
  const names = [...compactor.pending].sort();
  const erasures = compactor.erasures;
  compactor.pending.clear();
  compactor.erasures = 0;
  const started = performance.now();
  const tables: Record<string, number> = {};
  try {
    for (const name of names) {
      await new Promise((resolve) => setTimeout(resolve, BREATHER_MS));
      const tableStarted = performance.now();
      await compactor.steps.table(name);
      tables[name] = Math.round(performance.now() - tableStarted);
    }
    await new Promise((resolve) => setTimeout(resolve, BREATHER_MS));
    const checkpointStarted = performance.now();
    await compactor.steps.checkpoint();
    const report = {
      erasures,
      tables,
      checkpointMs: Math.round(performance.now() - checkpointStarted),
      ms: Math.round(performance.now() - started),
    };
    compactor.log?.info({ event: 'sessions.compacted', ...report }, 'compacted the erased sessions');
    return report;
  } catch (error) {
    for (const name of names) compactor.pending.add(name); // the next compaction covers them again
    throw error;
  }
};

/** Nothing on PostgreSQL (the operator's VACUUM and WAL policy) or in memory. */
export const compactFiles = (db: Database, tables: readonly string[]): Promise<CompactionReport | null> => {
  const compactor = compactors.get(db);
  if (!compactor) return Promise.resolve(null);
  for (const table of tables) compactor.pending.add(table);
  compactor.erasures += 1;
  if (compactor.waiting) return compactor.waiting;
  const previous = compactor.settled;
  const next = previous.then(() => new Promise((resolve) => setTimeout(resolve, COALESCE_MS))).then(() => run(compactor));
  compactor.waiting = next;
  compactor.settled = next.catch(() => {});
  return next;
};

/** A backup waits for it. */
export const compactionsSettled = async (db: Database): Promise<void> => {
  await compactors.get(db)?.settled;
};

/** VACUUM runs outside a transaction. */
export const vacuumFullStatement = (table: string) => `VACUUM (FULL) "${table.replaceAll('"', '""')}"`;

/** Checkpoint, switch and checkpoint again remove the old WAL segments (wal_recycle off). */
export const CHECKPOINT_STATEMENTS = ['CHECKPOINT', 'SELECT pg_switch_wal()', 'CHECKPOINT'];
