import { useCallback, useRef } from 'react';
import { useListContext } from 'react-admin';
import { useHref, useLocation } from 'react-router';

type Filters = Record<string, unknown>;

// react-admin applies setFilters on its next tick and filterValues follows a render later: two changes made
// meanwhile (a debounced search settling as a select is picked) would each start from the same old filters, and
// the second would undo the first. Until the list renders its new filters (and hands out a new setFilters), each
// change starts from the filters last set through the same setFilters.
const pending = new WeakMap<object, Filters>();

/** Changes a list's filters from the last ones set, not from the possibly older ones on screen. */
export const useFilterWriter = () => {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const listPath = useHref(useLocation().pathname);
  // A search settling after the admin followed a link (the list stays drawn while the next page loads) would take
  // them back to the list, as react-admin writes filters into the list's own address. Where the router keeps the
  // window's address, a write once it shows another page is dropped.
  const inWindowAddress = useRef(window.location.pathname === listPath);
  return useCallback(
    (change: (current: Filters) => Filters) => {
      if (inWindowAddress.current && window.location.pathname !== listPath) return;
      const next = change(pending.get(setFilters) ?? filterValues);
      pending.set(setFilters, next);
      setFilters(next, displayedFilters);
    },
    [filterValues, displayedFilters, setFilters, listPath],
  );
};
