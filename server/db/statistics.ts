import { type SQL, sql } from 'drizzle-orm';

/**
 * The planner's statistics (and the insights' dead rows). PGlite has no autovacuum, so a database that was never
 * ANALYZEd plans every query as if its tables were empty (measured: 2.5x the throughput and a
 * p99 of 0.37 s instead of 4.8 s once analysed). They are refreshed after the migrations and
 * start-up work, after bulk work (refreshStatistics), and by the upkeep below: when enough
 * writes happened, or some writes and enough time. On PostgreSQL autovacuum does the same;
 * the upkeep keeps both alike, and ANALYZE samples a bounded number of rows per table.
 */
export const refreshStatistics = async (db: { execute(query: SQL): PromiseLike<unknown> }): Promise<void> => {
  // Every finished call rewrites a handful of insight rows (services/insights/record.ts): without
  // autovacuum their dead versions would pile up and every insights read would step over them.
  await db.execute(sql`vacuum insight_counts, insight_answer_effects, insight_rep_days`);
  await db.execute(sql`analyze`);
};

export interface StatisticsUpkeepOptions {
  /** Write statements after which the next check refreshes. Default 1 000. */
  afterWrites?: number;
  /** Time after which any write at all gets a refresh. Default 10 minutes. */
  afterMs?: number;
  /** How often to check (an unref'd timer). Default 30 s. */
  checkEveryMs?: number;
  /** The clock, in milliseconds. Default Date.now. */
  now?: () => number;
}

const WRITE_STATEMENT = /^\s*(insert|update|delete|copy|merge|truncate)\b/i;
/** A statement opening with a CTE that writes (the sessions ingest stores a batch this way). */
const WRITING_CTE = /^\s*with\b[\s\S]*\b(insert\s+into|delete\s+from|update\s+"?\w+"?\s+set)\b/i;
/** A call of a database function that writes (migration 0007 stores the ingest's batches this way). */
const WRITING_FUNCTION = /^\s*select\b[\s\S]*\bfrom\s+append_session_events\s*\(/i;

/**
 * Counts the write statements it is shown (`noteQuery`, fed by Drizzle's query logger: a
 * regular expression on the statement's first word, nothing per row) and runs `analyze` from a
 * timer once `afterWrites` have gathered, or any writes and `afterMs` have passed. One refresh
 * at a time; a failed one is reported and retried at a later check.
 */
export const createStatisticsUpkeep = (
  analyze: () => Promise<void>,
  { afterWrites = 1_000, afterMs = 600_000, checkEveryMs = 30_000, now = Date.now }: StatisticsUpkeepOptions = {},
  onError: (error: unknown) => void = (error) => console.error(`Could not refresh the database statistics: ${String(error)}`),
) => {
  let writes = 0;
  let lastRefresh = now();
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const refresh = (): Promise<void> => {
    if (running) return running;
    const counted = writes;
    writes = 0;
    running = analyze()
      .then(() => {
        lastRefresh = now();
      })
      .catch((error: unknown) => {
        writes += counted;
        onError(error);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const due = () => writes >= afterWrites || (writes > 0 && now() - lastRefresh >= afterMs);

  return {
    noteQuery: (query: string): void => {
      if (WRITE_STATEMENT.test(query) || WRITING_CTE.test(query) || WRITING_FUNCTION.test(query)) writes += 1;
    },
    /** Refreshes when due (the timer calls it); resolves when done. */
    check: (): Promise<void> => (due() ? refresh() : (running ?? Promise.resolve())),
    /** Refreshes now (after bulk work), and counts the writes so far as covered. */
    refresh,
    start(): void {
      timer ??= setInterval(() => void this.check(), checkEveryMs);
      timer.unref();
    },
    /** Stops the timer and waits for a refresh under way. */
    stop: async (): Promise<void> => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    get pendingWrites() {
      return writes;
    },
  };
};

export type StatisticsUpkeep = ReturnType<typeof createStatisticsUpkeep>;
