import type { PGlite } from '@electric-sql/pglite';

/**
 * A number that changes whenever the database may have changed. Whatever was read at one
 * value may be kept and reused while the value stays the same (plugins/readCache.ts,
 * services/principal.ts). Only a database written by this process alone has one: PGlite, whose
 * data directory one process holds (dataDirLock.ts). PostgreSQL, which other servers write
 * too, has none, and nothing read from it is kept.
 */
export interface WriteGeneration {
  readonly current: number;
}

/**
 * Statements that only read: a SELECT, or a WITH, in which no writing word appears. Anything
 * else (INSERT, UPDATE, DELETE, DDL, ANALYZE, a transaction) counts as a write, and so does a
 * SELECT ... FOR UPDATE or one that calls a database function which writes: such a function
 * must be named here (migration 0007's `append_session_events` is the only one). Mistaking a
 * read for a write only costs a reuse; the reverse would serve stale answers, so the test is
 * on words anywhere in the text.
 */
const READING = /^\s*(select|with)\b/i;
const WRITING_INSIDE = /\b(insert|update|delete|merge|truncate|copy|append_session_events)\b/i;

export const isReadOnlyStatement = (text: string): boolean => READING.test(text) && !WRITING_INSIDE.test(text);

/**
 * Wraps a PGlite instance so that every write changes the generation: once when it is sent and
 * once when it is done (also when it fails), so nothing read while it ran is kept under the
 * value that follows it. A transaction counts as a write as a whole; its statements go through
 * its own handle. Other methods pass through to the instance unchanged.
 */
export const watchWrites = (client: PGlite): { client: PGlite; writes: WriteGeneration } => {
  let current = 0;
  const around = async <T>(work: () => Promise<T>): Promise<T> => {
    current += 1;
    try {
      return await work();
    } finally {
      current += 1;
    }
  };
  const watched = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec') {
        return (text: string, ...rest: unknown[]) => {
          const run = () => (value as (...args: unknown[]) => Promise<unknown>).call(target, text, ...rest);
          return isReadOnlyStatement(text) ? run() : around(run);
        };
      }
      if (property === 'transaction') {
        return (...args: unknown[]) => around(() => (value as (...args: unknown[]) => Promise<unknown>).apply(target, args));
      }
      return value.bind(target);
    },
  });
  return {
    client: watched,
    writes: {
      get current() {
        return current;
      },
    },
  };
};
