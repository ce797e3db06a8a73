import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Its wait for the connection included. */
export interface QueryTiming {
  seconds: number;
  failed: boolean;
}

export interface ConnectionUse {
  total: number;
  idle: number;
  waiting: number;
}

/** Several apps may watch one database (tests build many in one process): each subscribes on its own. */
export interface DatabaseUsage {
  kind: 'pglite' | 'postgres';
  connections(): ConnectionUse;
  onQuery(listener: (timing: QueryTiming) => void): () => void;
}

const createListeners = () => {
  const listeners = new Set<(timing: QueryTiming) => void>();
  return {
    subscribe: (listener: (timing: QueryTiming) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (startedAt: number, failed: boolean) => {
      if (listeners.size === 0) return;
      const timing = { seconds: (performance.now() - startedAt) / 1000, failed };
      for (const listener of listeners) listener(timing);
    },
  };
};

type Query = (...args: unknown[]) => unknown;

/** A callback (the pool's own `query`) or a promise (Drizzle); anything else (a cursor) passes untimed. */
const timedQuery = (original: Query, emit: (startedAt: number, failed: boolean) => void): Query =>
  function (this: unknown, ...args: unknown[]) {
    const startedAt = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        emit(startedAt, Boolean(error));
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      result.then(
        () => emit(startedAt, false),
        () => emit(startedAt, true),
      );
    }
    return result;
  };

export const watchPostgresUsage = (pool: pg.Pool): DatabaseUsage => {
  const listeners = createListeners();
  pool.on('connect', (client) => {
    client.query = timedQuery(client.query as Query, listeners.emit) as typeof client.query;
  });
  return {
    kind: 'postgres',
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onQuery: listeners.subscribe,
  };
};

const QUERY_METHODS = new Set<PropertyKey>(['query', 'exec']);

const timedTransaction = (tx: PGliteTransaction, emit: (startedAt: number, failed: boolean) => void): PGliteTransaction =>
  new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return QUERY_METHODS.has(property) ? timedQuery(value.bind(target), emit) : value.bind(target);
    },
  });

/** PGlite is one connection: idle while nothing runs, and the calls queued behind the running one wait. */
export const watchPgliteUsage = (client: PGlite): { client: PGlite; usage: DatabaseUsage } => {
  const listeners = createListeners();
  let running = 0;
  const hold = async <T>(work: () => Promise<T>): Promise<T> => {
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
    }
  };
  const watched = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (QUERY_METHODS.has(property)) {
        const timed = timedQuery(value.bind(target), listeners.emit);
        return (...args: unknown[]) => hold(() => timed(...args) as Promise<unknown>);
      }
      if (property === 'transaction') {
        return <T>(callback: (tx: PGliteTransaction) => Promise<T>) =>
          hold(() => (value as PGlite['transaction']).call(target, (tx) => callback(timedTransaction(tx, listeners.emit))));
      }
      return value.bind(target);
    },
  });
  return {
    client: watched,
    usage: {
      kind: 'pglite',
      connections: () => ({ total: 1, idle: running === 0 ? 1 : 0, waiting: Math.max(0, running - 1) }),
      onQuery: listeners.subscribe,
    },
  };
};
