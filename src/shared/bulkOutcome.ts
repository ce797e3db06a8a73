import type { Identifier } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';

export interface BulkFailure {
  id: Identifier;
  error: unknown;
}

/**
 * Runs `call` for each id one after the other (the server applies its rules, such as the last
 * active admin, to each in turn, and each call writes its own audit row) and keeps the failures.
 */
export const runEach = async <T>(ids: readonly Identifier[], call: (id: Identifier) => Promise<T>) => {
  const done: { id: Identifier; result: T }[] = [];
  const failed: BulkFailure[] = [];
  for (const id of ids) {
    try {
      done.push({ id, result: await call(id) });
    } catch (error) {
      failed.push({ id, error });
    }
  }
  return { done, failed };
};

/** The distinct reasons of the failures, worded as the single actions word them (spec 8), joined. */
export const failureReasons = (failed: readonly BulkFailure[], fallbackKey: string, translate: (key: string, options?: object) => string) =>
  [
    ...new Set(
      failed.map(({ error }) => {
        const text = errorText(error, fallbackKey);
        return translate(text, { _: text });
      }),
    ),
  ].join('; ');
