import { useCallback, useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';
import { useDebouncedValue } from './useDebouncedValue';
import { useFilterWriter } from './useFilterWriter';

interface ListSearchOptions {
  /** Spaces alone are no search; the box keeps them while typing. */
  trim?: boolean;
}

/** The text shows at once; the filter follows once typing pauses, from page 1. */
export const useListSearch = (source = 'search', { trim = false }: ListSearchOptions = {}) => {
  const { filterValues } = useListContext();
  const writeFilters = useFilterWriter();
  const committed = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : '';
  const [text, setText] = useState(committed);
  const settled = useDebouncedValue(text);
  const write = useRef(writeFilters);
  write.current = writeFilters;
  const lastCommitted = useRef(committed);

  useEffect(() => {
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setText(committed);
    }
  }, [committed]);

  useEffect(() => {
    const value = trim ? settled.trim() : settled;
    if (settled !== text || value === lastCommitted.current) return;
    lastCommitted.current = value;
    write.current((current) => {
      const { [source]: _previous, ...rest } = current;
      return value === '' ? rest : { ...rest, [source]: value };
    });
  }, [settled, text, source, trim]);

  return [text, useCallback((next: string) => setText(next), [])] as const;
};
