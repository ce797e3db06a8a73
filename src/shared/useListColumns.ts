import { createContext, useCallback, useMemo } from 'react';
import { useListContext, useStore } from 'react-admin';
import { usePreferenceKey } from './listPreferences';

export interface ListColumnsSpec<C extends string = string> {
  columns: readonly C[];
  required: readonly C[];
  label: (column: C) => string;
}

const NONE: never[] = [];

/** A corrupt value is none; unknown or required names are dropped. */
export const readHiddenColumns = <C extends string>(stored: unknown, spec: ListColumnsSpec<C>): C[] =>
  Array.isArray(stored) ? spec.columns.filter((column) => !spec.required.includes(column) && stored.includes(column)) : [];

export const VisibleColumnsContext = createContext<readonly string[] | null>(null);

export const useListColumns = <C extends string>(spec: ListColumnsSpec<C>) => {
  const [stored, setStored] = useStore<unknown>(`${usePreferenceKey(useListContext().resource)}.hiddenColumns`, NONE);
  const hidden = useMemo(() => readHiddenColumns(stored, spec), [stored, spec]);
  const visible = useMemo(() => spec.columns.filter((column) => !hidden.includes(column)), [spec, hidden]);
  const toggle = useCallback(
    (column: C) => {
      if (spec.required.includes(column)) return;
      setStored(hidden.includes(column) ? hidden.filter((name) => name !== column) : [...hidden, column]);
    },
    [spec, hidden, setStored],
  );
  const reset = useCallback(() => setStored(NONE), [setStored]);
  return { visible, hidden, toggle, reset };
};
