import type { PGlite } from '@electric-sql/pglite';

/** Only PGlite has one (one process holds its folder); nothing read from PostgreSQL, which other servers write, is kept. */
export interface WriteGeneration {
  readonly current: number;
}

/** A function that writes must be named here; mistaking a read for a write only costs a reuse, the reverse serves stale data. */
const READING = /^\s*(select|with)\b/i;
const WRITING_INSIDE = /\b(insert|update|delete|merge|truncate|copy|append_session_events)\b/i;

export const isReadOnlyStatement = (text: string): boolean => READING.test(text) && !WRITING_INSIDE.test(text);

/** Changes when a write is sent and when it is done, so nothing read while it ran is kept under the value that follows. */
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
