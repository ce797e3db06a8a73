import { useCallback } from 'react';
import { useListContext } from 'react-admin';

type Filters = Record<string, unknown>;

// react-admin applies setFilters on its next tick and filterValues follows a render later: two changes made
// meanwhile (a debounced search settling as a select is picked) would each start from the same old filters, and
// the second would undo the first. Until the list renders its new filters (and hands out a new setFilters), each
// change starts from the filters last set through the same setFilters.
const pending = new WeakMap<object, Filters>();

/** Changes a list's filters from the last ones set, not from the possibly older ones on screen. */
export const useFilterWriter = () => {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  return useCallback(
    (change: (current: Filters) => Filters) => {
      const next = change(pending.get(setFilters) ?? filterValues);
      pending.set(setFilters, next);
      setFilters(next, displayedFilters);
    },
    [filterValues, displayedFilters, setFilters],
  );
};
