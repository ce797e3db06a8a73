import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for `delayMs`. */
export const useDebouncedValue = <T,>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
