import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/config';

/** The value once it has stopped changing for `delayMs`. The portal's one debounce timer. */
export const useDebouncedValue = <T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * A search box's text, kept locally and handed to `commit` once typing pauses, so a list
 * refetches once per settled search rather than per keystroke. `committed` is the search the
 * list currently applies.
 */
export const useDebouncedSearch = (committed: string, commit: (search: string) => void) => {
  const [search, setSearch] = useState(committed);
  const settled = useDebouncedValue(search);
  useEffect(() => {
    // Only once the text has settled (typing paused) and differs from what the list applies.
    if (settled === search && settled !== committed) commit(settled);
  }, [settled, search, committed, commit]);
  return [search, setSearch] as const;
};
