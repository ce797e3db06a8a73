import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';
import { useLocation } from 'react-router';

/**
 * Whether the list shows filters react-admin restored from the admin's last visit (an address
 * without filters, and filters all the same), until the admin changes them. It turns true after
 * the first render, so a live region already on the page announces it.
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
