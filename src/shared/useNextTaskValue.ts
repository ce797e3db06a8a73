import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, caught up in a task of its own after it changes (`initial` until then on the first
 * render, `value` by default). A click that shows heavy content (a chart, hundreds of rows) then
 * answers at once with what it changed itself (the selected tab), and the content renders in a
 * later task, as a transition React can interrupt: two shorter tasks instead of one long one.
 */
export const useNextTaskValue = <T>(value: T, initial: T = value): T => {
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    return () => clearTimeout(timer);
  }, [value, shown]);
  return shown;
};
