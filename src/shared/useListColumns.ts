import { createContext, useCallback, useMemo } from 'react';
import { useListContext, useStore } from 'react-admin';
import { usePreferenceKey } from './listPreferences';

/** A list's columns, as its table and its column chooser both read them. */
export interface ListColumnsSpec<C extends string = string> {
  columns: readonly C[];
  /** Never hidden: the column that tells rows apart, and the row actions. */
  required: readonly C[];
  /** The catalogue key of a column's header. */
  label: (column: C) => string;
}

const NONE: never[] = [];

/** The stored hidden columns that still make sense: a corrupt value is none, unknown or required names are dropped. */
export const readHiddenColumns = <C extends string>(stored: unknown, spec: ListColumnsSpec<C>): C[] =>
  Array.isArray(stored) ? spec.columns.filter((column) => !spec.required.includes(column) && stored.includes(column)) : [];

/** The columns shown, for the cells of a row (ColumnCell); null outside a table that chooses its columns. */
export const VisibleColumnsContext = createContext<readonly string[] | null>(null);

/** The admin's choice of columns for the list in context, remembered in react-admin's store under their uid. */
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
