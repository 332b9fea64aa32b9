import { useEffect, useState } from "react";

/**
 * How many of `total` items to render: the first `step` at once, then `step` more per task, so
 * a long list never blocks the main thread in one long task (phones, first paint).
 */
export function useProgressiveCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((c) => c + step), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
