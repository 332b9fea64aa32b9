import { useCallback, useEffect, useRef } from "react";

/**
 * Focus for a card whose content an action swaps (a summary replaced by its form, and back): the
 * control that had focus is gone, and the browser would leave the person on the page's body.
 * `moveTo(name)` before the swap; after the render that shows the control marked
 * `data-swap-focus={name}` inside `ref`, it gets focus, unless the person has moved on meanwhile
 * (docs/adr/0058-form-kit-and-focus.md).
 */
export function useSwapFocus<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const wanted = useRef<string | null>(null);
  // After every render: the swap may come a render or two after the action (a request's answer).
  useEffect(() => {
    const root = ref.current;
    const name = wanted.current;
    if (!root || !name) return;
    const control = root.querySelector<HTMLElement>(`[data-swap-focus="${name}"]`);
    if (!control) return;
    wanted.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || root.contains(active)) control.focus();
  });
  const moveTo = useCallback((name: string) => {
    wanted.current = name;
  }, []);
  return { ref, moveTo };
}
