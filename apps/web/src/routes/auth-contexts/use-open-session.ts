import { useEffect, useMemo, useRef } from "react";
import { closeAuthSession, closeAuthSessionOnExit } from "../../api/auth-contexts";

/**
 * The live login browser that nobody has saved or closed yet: closed (best effort) when the page
 * goes away, whether the tab closes (pagehide) or the person navigates elsewhere (unmount).
 */
export function useOpenSession() {
  const open = useRef<string | null>(null);
  const session = useMemo(() => {
    const take = () => {
      const id = open.current;
      open.current = null;
      return id;
    };
    return {
      hold: (id: string) => {
        open.current = id;
      },
      /** A save owns it now: leaving must not close it under the save. */
      release: () => void take(),
      /** Closes it now (Back, Cancel). */
      close: () => {
        const id = take();
        if (id) void closeAuthSession(id).catch(() => undefined);
      },
      /** Closes it with a request that outlives the page. */
      closeOnExit: () => {
        const id = take();
        if (id) closeAuthSessionOnExit(id);
      },
    };
  }, []);
  useEffect(() => {
    window.addEventListener("pagehide", session.closeOnExit);
    return () => {
      window.removeEventListener("pagehide", session.closeOnExit);
      session.closeOnExit();
    };
  }, [session]);
  return session;
}
