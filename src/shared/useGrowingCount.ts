import { startTransition, useEffect, useState } from 'react';

/** A hundred MUI rows rendered at once made opening a tab one long task on a slow CPU: rows come in steps, one task each. */
export const useGrowingCount = (target: number, step: number): number => {
  const [count, setCount] = useState(() => Math.min(target, step));
  useEffect(() => {
    if (count >= target) return;
    const timer = setTimeout(() => startTransition(() => setCount((current) => Math.min(target, current + step))), 0);
    return () => clearTimeout(timer);
  }, [count, target, step]);
  return Math.min(count, target);
};
