import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';
import { useLocation } from 'react-router';

/**
 * Filters react-admin restored from the last visit (an address without any), until the admin changes them;
 * true only after the first render, so the live region already on the page announces it.
 */
export const useRestoredFilters = (): boolean => {
  const { filterValues } = useListContext();
  const { search } = useLocation();
  const current = JSON.stringify(filterValues);
  const atOpening = useRef({ linked: new URLSearchParams(search).has('filter'), filter: current });
  const [restored, setRestored] = useState(false);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    const { linked, filter } = atOpening.current;
    if (!linked && filter !== '{}') setRestored(true);
  }, []);
  useEffect(() => {
    if (current !== atOpening.current.filter) setChanged(true);
  }, [current]);
  return restored && !changed;
};
