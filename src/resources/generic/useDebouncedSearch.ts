import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/config';

/**
 * A search box's text, kept locally and handed to `commit` once typing pauses, so a list
 * refetches once per settled search rather than per keystroke. `committed` is the search the
 * list currently applies.
 */
export const useDebouncedSearch = (committed: string, commit: (search: string) => void) => {
  const [search, setSearch] = useState(committed);
  useEffect(() => {
    if (search === committed) return;
    const timer = setTimeout(() => commit(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, committed, commit]);
  return [search, setSearch] as const;
};
