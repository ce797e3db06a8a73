/** Timers are unref'd, so a job never keeps the process alive; stopping aborts the pass's provider call and waits. */
export interface PollingJobOptions<T> {
  /** One pass; `signal` aborts when the job stops. */
  pass: (signal: AbortSignal) => Promise<T>;
  /** A full batch: the next pass starts at once. */
  goAgain: (result: T) => boolean;
  afterPass?: (result: T) => Promise<void>;
  intervalMs: number;
  /** Doubled per failure up to maxBackoffMs (default 1 s and 60 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  onFailure: (error: unknown, retryInMs: number) => void;
  /** false leaves passes to runOnce (tests). */
  autoStart?: boolean;
}

/** What a job embedding batches of texts is given: the embedding worker and the inquiry grouping. */
export interface BatchJobOptions<Db, Provider> {
  db: Db;
  provider: Provider;
  intervalMs?: number;
  /** Default 16. */
  batchSize?: number;
  /** Doubled per failure up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  log?: { warn(payload: object, message: string): void; info?(payload: object, message: string): void };
}

export interface PollingJob<T> {
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

export const startPollingJob = <T>(options: PollingJobOptions<T>): PollingJob<T> => {
  const initialBackoffMs = options.initialBackoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const abort = new AbortController();
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;

  const runOnce = (): Promise<T> => {
    if (running) return running;
    running = options.pass(abort.signal).finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (delayMs: number) => {
    if (abort.signal.aborted) return;
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, delayMs);
    timer.unref?.();
  };

  const tick = async () => {
    try {
      const result = await runOnce();
      if (!abort.signal.aborted) await options.afterPass?.(result);
      failures = 0;
      schedule(options.goAgain(result) ? 0 : options.intervalMs);
    } catch (error) {
      if (abort.signal.aborted) return;
      failures += 1;
      const delay = Math.min(initialBackoffMs * 2 ** (failures - 1), maxBackoffMs);
      options.onFailure(error, delay);
      schedule(delay);
    }
  };

  if (options.autoStart ?? true) schedule(0);

  return {
    runOnce,
    stop: async () => {
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
};
