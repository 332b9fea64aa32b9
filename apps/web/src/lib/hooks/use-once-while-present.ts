import { useEffect, useRef } from "react";

/**
 * Handles a value once while it is present (a `?payment=` or `?error=` the page was opened with),
 * and again only after it has gone and come back, although development's strict mode runs
 * effects twice.
 */
export function useOnceWhilePresent<T>(value: T | null, handle: (value: T) => void): void {
  const handled = useRef(false);
  useEffect(() => {
    if (!value) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    handle(value);
  }, [value, handle]);
}
