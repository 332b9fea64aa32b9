import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the element named by the URL hash (e.g. /#pricing) after each navigation to it.
 * Deferred one frame: the layout's scroll-to-top runs its effect after this page's effects.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = window.requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash, key]);
}
