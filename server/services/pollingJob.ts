/**
 * A background job that polls: one pass at a time, again at once while work is waiting, after a
 * pause when there is none, and after an exponential backoff when a pass fails (the embedding
 * worker and the grouping of new inquiries). Timers are unref'd, so a job never keeps the
 * process alive; stopping aborts the pass's provider call and waits for the pass.
 */
export interface PollingJobOptions<T> {
  /** One pass; `signal` aborts when the job stops. */
  pass: (signal: AbortSignal) => Promise<T>;
  /** Whether more may be waiting after a pass (a full batch): the next pass starts at once. */
  goAgain: (result: T) => boolean;
  /** After each pass that succeeded, unless the job is stopping. */
  afterPass?: (result: T) => Promise<void>;
  /** Pause between polls when nothing is waiting. */
  intervalMs: number;
  /** First retry delay after a failed pass, doubled per failure up to maxBackoffMs (default 1 s and 60 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A failed pass, and how long until the next try (the job logs it). */
  onFailure: (error: unknown, retryInMs: number) => void;
  /** Start polling now (default true); false leaves passes to runOnce (tests). */
  autoStart?: boolean;
}

export interface PollingJob<T> {
  /** One pass now, or the one in progress. */
  runOnce(): Promise<T>;
  /** Stops polling and waits for the pass in progress. */
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
