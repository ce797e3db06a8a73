import { useCallback, useMemo } from 'react';
import { useStore } from 'react-admin';
import { usePreferenceKey } from './listPreferences';

export interface SavedQuery<Q> {
  name: string;
  query: Q;
}

/** Reads a stored query back, or null when it is not one this list can apply. */
export type QueryParser<Q> = (value: unknown) => Q | null;

const NONE: never[] = [];

/** The stored queries that still make sense: a corrupt value is none; an entry without a name or with a query the list cannot apply is dropped. */
export const readSavedQueries = <Q>(stored: unknown, parse: QueryParser<Q>): SavedQuery<Q>[] =>
  Array.isArray(stored)
    ? stored.flatMap((entry: unknown) => {
        if (!entry || typeof entry !== 'object') return [];
        const { name, query } = entry as Record<string, unknown>;
        const parsed = typeof name === 'string' && name.trim() !== '' ? parse(query) : null;
        return parsed === null ? [] : [{ name, query: parsed } as SavedQuery<Q>];
      })
    : [];

/** The same query whatever the order of its keys. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export const sameQuery = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** One list's saved queries, remembered in react-admin's store under the admin's uid; saving a name again replaces it. */
export const useSavedQueries = <Q>(list: string, parse: QueryParser<Q>) => {
  const [stored, setStored] = useStore<unknown>(usePreferenceKey(list, 'savedQueries'), NONE);
  const saved = useMemo(() => readSavedQueries(stored, parse), [stored, parse]);
  const save = useCallback(
    (name: string, query: Q) => setStored([...saved.filter((entry) => entry.name !== name), { name, query }]),
    [saved, setStored],
  );
  const remove = useCallback((name: string) => setStored(saved.filter((entry) => entry.name !== name)), [saved, setStored]);
  return { saved, save, remove };
};
