import { type ComponentType, lazy, useEffect, useState } from 'react';

/** A loader that starts once and remembers the module it brought. */
export interface Preloadable<M> {
  (): Promise<M>;
  /** The module, once it has arrived. */
  readonly loaded: M | undefined;
}

/** spec 9: a script chunk that has not arrived after 120000 ms is given up: its load rejects. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The load of a chunk that did not arrive in time; the page's error fallback reports it like a failed load. */
export class ChunkTimeoutError extends Error {
  constructor() {
    super(`A part of the portal did not arrive within ${CHUNK_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/** `load`, or a ChunkTimeoutError once CHUNK_TIMEOUT_MS have passed without an answer. */
const withinTimeout = <M>(load: () => Promise<M>): Promise<M> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([load(), late]).finally(() => clearTimeout(timer));
};

/**
 * Wraps a chunk's `import()`: every call shares one load (a failed one, or one that timed out,
 * is tried again on the next call), and the module is kept once it arrived.
 */
export const preloadable = <M>(load: () => Promise<M>): Preloadable<M> => {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const start = () => {
    pending ??= withinTimeout(load).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(start, 'loaded', { get: () => loaded }) as Preloadable<M>;
};

/**
 * React.lazy over a preloadable. When the chunk has already arrived (main.tsx and the build's
 * shell preload start the likely ones early), the component renders at once instead of
 * suspending: React 19 reveals a suspended boundary's content at most every 300 ms once its
 * fallback has shown, which cost a cold load of the sessions list two such waits. React accepts
 * any thenable from lazy's loader; this one answers synchronously.
 */
export const lazyFrom = <M, P extends object>(load: Preloadable<M>, pick: (module: M) => ComponentType<P>) =>
  lazy(() => {
    const module = load.loaded;
    if (module === undefined) return load().then((arrived) => ({ default: pick(arrived) }));
    const ready = { default: pick(module) };
    const answerNow = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that answers synchronously is the point (see above)
      then: (onFulfilled: (value: typeof ready) => unknown) => {
        onFulfilled(ready);
      },
    };
    return answerNow as unknown as Promise<typeof ready>;
  });

/**
 * false until `load` has settled (arrived or failed), then true: lets a parent keep its own
 * spinner up instead of a Suspense fallback, whose reveal React throttles. A failure is left to
 * the lazy component rendered next, which loads again and reports it.
 */
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
