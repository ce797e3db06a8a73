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
