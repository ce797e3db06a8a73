import { type SQL, sql } from 'drizzle-orm';

/** PGlite has no autovacuum: never analysed, it plans as if tables were empty (measured: a p99 of 4.8 s instead of 0.37). */
export const refreshStatistics = async (db: { execute(query: SQL): PromiseLike<unknown> }): Promise<void> => {
  // Every finished call rewrites insight rows: without autovacuum their dead versions would pile up under every read.
  await db.execute(sql`vacuum insight_counts, insight_answer_effects, insight_rep_days`);
  await db.execute(sql`analyze`);
};

export interface StatisticsUpkeepOptions {
  /** Default 1 000. */
  afterWrites?: number;
  /** Any write at all gets a refresh after this. Default 10 minutes. */
  afterMs?: number;
  /** Default 30 s. */
  checkEveryMs?: number;
  now?: () => number;
}

const WRITE_STATEMENT = /^\s*(insert|update|delete|copy|merge|truncate)\b/i;
const WRITING_CTE = /^\s*with\b[\s\S]*\b(insert\s+into|delete\s+from|update\s+"?\w+"?\s+set)\b/i;
const WRITING_FUNCTION = /^\s*select\b[\s\S]*\bfrom\s+append_session_events\s*\(/i;

/** A regular expression on each statement's first word, nothing per row; one refresh at a time, a failed one retried. */
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
    check: (): Promise<void> => (due() ? refresh() : (running ?? Promise.resolve())),
    refresh,
    start(): void {
      timer ??= setInterval(() => void this.check(), checkEveryMs);
      timer.unref();
    },
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
