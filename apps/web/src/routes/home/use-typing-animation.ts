import { useEffect, useState, useSyncExternalStore } from "react";
import { INITIAL_TYPING_STATE, nextTypingState, typingDelay, typingText } from "./typing-animation";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function reducedMotionSnapshot(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.(REDUCED_MOTION_QUERY).matches);
}

/** True while the visitor asks for reduced motion; follows changes of the setting. Off the browser: true. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, reducedMotionSnapshot, () => true);
}

/**
 * The text of the typing animation at this moment. It advances only while `running`
 * (it pauses where it is otherwise) and its timer is cleared on unmount.
 */
export function useTypingAnimation(prompts: readonly string[], running: boolean): string {
  const [state, setState] = useState(INITIAL_TYPING_STATE);
  useEffect(() => {
    if (!running || prompts.length === 0) return;
    const timer = window.setTimeout(() => setState((current) => nextTypingState(current, prompts)), typingDelay(state, prompts));
    return () => window.clearTimeout(timer);
  }, [running, state, prompts]);
  return typingText(state, prompts);
}
