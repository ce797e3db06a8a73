import { startTransition, useEffect, useState } from 'react';

/** A click answers at once with what it changed itself, and heavy content renders in a later, interruptible task. */
export const useNextTaskValue = <T>(value: T, initial: T = value): T => {
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    return () => clearTimeout(timer);
  }, [value, shown]);
  return shown;
};
