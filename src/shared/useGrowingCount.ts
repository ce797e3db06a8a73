import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `target` items to render: `step` at first, then `step` more in each later task
 * until all are there. A hundred MUI rows rendered in one go made opening a tab one long task on
 * a slow CPU; in steps, the first rows show at once and the page answers between steps. A lower
 * `target` applies at once.
 */
export const useGrowingCount = (target: number, step: number): number => {
  const [count, setCount] = useState(() => Math.min(target, step));
  useEffect(() => {
    if (count >= target) return;
    const timer = setTimeout(() => startTransition(() => setCount((current) => Math.min(target, current + step))), 0);
    return () => clearTimeout(timer);
  }, [count, target, step]);
  return Math.min(count, target);
};
