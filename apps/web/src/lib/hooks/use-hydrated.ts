import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates server-rendered HTML; true once the page runs in
 * the browser (at once for pages rendered in the browser). Controls rendered on the server have
 * no handlers until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
