import type { Identifier } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';

export interface BulkFailure {
  id: Identifier;
  error: unknown;
}

/** One after the other: the server applies its rules (the last active admin) to each in turn, each with its audit row. */
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

/** Worded as the single actions word them (spec 8). */
export const failureReasons = (failed: readonly BulkFailure[], fallbackKey: string, translate: (key: string, options?: object) => string) =>
  [
    ...new Set(
      failed.map(({ error }) => {
        const text = errorText(error, fallbackKey);
        return translate(text, { _: text });
      }),
    ),
  ].join('; ');
