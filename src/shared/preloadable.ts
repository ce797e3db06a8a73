import { type ComponentType, lazy, useEffect, useState, useSyncExternalStore } from 'react';

export interface Preloadable<M> {
  (): Promise<M>;
  readonly loaded: M | undefined;
}

/** spec 9: a script chunk that has not arrived after 120000 ms is given up: its load rejects. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The page's error fallback reports it like a failed load. */
export class ChunkTimeoutError extends Error {
  constructor() {
    super(`A part of the portal did not arrive within ${CHUNK_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

const withinTimeout = <M>(load: () => Promise<M>): Promise<M> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([load(), late]).finally(() => clearTimeout(timer));
};

/**
 * Every call shares one load. A failed or timed-out load is the answer of the next call too, and
 * tried again on the call after: the page that waited behind the shell on a cold load reports the
 * failure at once, within spec 9's 120 s, instead of waiting 120 s more for its own try.
 */
export const preloadable = <M>(load: () => Promise<M>): Preloadable<M> => {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  let failed: Promise<M> | undefined;
  const start = () => {
    if (failed) {
      const last = failed;
      failed = undefined;
      return last;
    }
    pending ??= withinTimeout(load).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        failed = pending;
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(start, 'loaded', { get: () => loaded }) as Preloadable<M>;
};

// The pages being waited for, so the layout shows a loading sign while the old page stays up
// (a navigation is a transition: React keeps the shown page rather than a Suspense fallback).
const awaited = new Set<Promise<unknown>>();
const awaitedListeners = new Set<() => void>();
const announce = () =>
  queueMicrotask(() => {
    for (const listener of awaitedListeners) listener();
  });
const awaitPage = <T>(load: Promise<T>): Promise<T> => {
  awaited.add(load);
  announce();
  const done = () => {
    awaited.delete(load);
    announce();
  };
  load.then(done, done);
  return load;
};

/** Whether a page's chunk is on its way. */
export const usePageLoading = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      awaitedListeners.add(listener);
      return () => awaitedListeners.delete(listener);
    },
    () => awaited.size > 0,
  );

/**
 * React.lazy that renders at once when the chunk has arrived: React 19 reveals a suspended
 * boundary at most every 300 ms once its fallback showed, which cost a cold sessions list two such waits.
 */
export const lazyFrom = <M, P extends object>(load: Preloadable<M>, pick: (module: M) => ComponentType<P>) =>
  lazy(() => {
    const module = load.loaded;
    if (module === undefined) return awaitPage(load()).then((arrived) => ({ default: pick(arrived) }));
    const ready = { default: pick(module) };
    const answerNow = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that answers synchronously is the point (see above)
      then: (onFulfilled: (value: typeof ready) => unknown) => {
        onFulfilled(ready);
      },
    };
    return answerNow as unknown as Promise<typeof ready>;
  });

/** Lets a parent keep its own spinner instead of a Suspense fallback, whose reveal React throttles. */
export const useSettled = (load: Preloadable<unknown>): boolean => {
  const [settled, setSettled] = useState(load.loaded !== undefined);
  useEffect(() => {
    if (settled) return;
    let live = true;
    const done = () => {
      if (live) setSettled(true);
    };
    load().then(done, done);
    return () => {
      live = false;
    };
  }, [load, settled]);
  return settled;
};
