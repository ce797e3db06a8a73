import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type ListControllerResult, useStoreContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { addressOf, filtersFromAddress } from './sessionFilters';
import { addressedQuery, SESSION_LIST_STORE_KEY, sessionListQuery } from './sessionNavigation';

/**
 * Before the list's controller starts: the filters the address asks for (a link from Insights)
 * replace those the store kept, so the list's first read is already the filtered one. False
 * until then.
 */
export const useAddressIntoStore = (): boolean => {
  const store = useStoreContext();
  const { search } = useLocation();
  const [ready, setReady] = useState(false);
  const opened = useRef(search);
  useLayoutEffect(() => {
    const kept = sessionListQuery(store.getItem(SESSION_LIST_STORE_KEY));
    const asked = addressedQuery(kept, opened.current);
    if (asked !== kept) store.setItem(SESSION_LIST_STORE_KEY, asked);
    setReady(true);
  }, [store]);
  return ready;
};

/** Whether two addresses' filters differ by the search text alone. */
const onlySearchDiffers = (a: string, b: string) => {
  const [x, y] = [new URLSearchParams(a), new URLSearchParams(b)];
  x.delete('search');
  y.delete('search');
  return x.toString() === y.toString();
};

/**
 * The list's filters live in the address: setting them (the toolbar, the chips, a saved query, the
 * search as it settles) goes to the address, and the list takes the address's filters, so Back and
 * Forward, and a link followed while the list is shown, filter it too (from page 1). A filter set
 * or removed is a history entry of its own; a search as it settles replaces the entry (a pause in
 * typing is no step to go back to). On its first pass the address takes the filters the list
 * opened with (those it kept, when the address named none), without an entry of its own.
 */
export const useFiltersInAddress = <T extends ListControllerResult>(list: T): T => {
  const { filterValues, setFilters } = list;
  const location = useLocation();
  const navigate = useNavigate();
  const listed = addressOf(filterValues);
  const listedRef = useRef(listed);
  listedRef.current = listed;
  const setList = useRef(setFilters);
  setList.current = setFilters;
  const first = useRef(true);
  const { pathname, search, hash, state } = location;

  useEffect(() => {
    const asked = filtersFromAddress(search);
    const wanted = asked === null ? '' : addressOf(asked);
    if (first.current) {
      first.current = false;
      const shown = asked === null ? listedRef.current : wanted;
      if (shown !== search) navigate({ pathname, search: shown, hash }, { replace: true, state });
      return;
    }
    if (wanted !== listedRef.current) setList.current(asked ?? {}, {});
  }, [pathname, search, hash, state, navigate]);

  const current = useRef(search);
  current.current = search;
  const setFiltersInAddress = useCallback(
    (filter: Record<string, unknown>) => {
      const next = addressOf(filter);
      const now = addressOf(filtersFromAddress(current.current) ?? {});
      if (next === now) return;
      navigate({ pathname, search: next, hash }, { replace: onlySearchDiffers(now, next) });
    },
    [navigate, pathname, hash],
  );
  return useMemo(() => ({ ...list, setFilters: setFiltersInAddress }), [list, setFiltersInAddress]);
};
