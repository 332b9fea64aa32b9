import { useEffect, useState, type RefObject } from "react";
import type { LiveEndReason } from "@errand/contract";
import type { LiveViewerEvent } from "../../live-viewer/parent-link";

/** The end reason in a message the live viewer posted to this page, or null for any other message. */
export function endedReason(data: unknown): LiveEndReason | null {
  if (typeof data !== "object" || data === null) return null;
  const event = data as Partial<Extract<LiveViewerEvent, { type: "ended" }>>;
  return event.source === "errand-live" && event.type === "ended" && typeof event.reason === "string" ? event.reason : null;
}

/**
 * Why the login browser shown in `frameRef` ended (idle, time limit, closed elsewhere), or null
 * while it is open: the wizard then says so instead of offering a Finish that can only fail.
 */
export function useViewerEnded(frameRef: RefObject<HTMLIFrameElement | null>): LiveEndReason | null {
  const [ended, setEnded] = useState<LiveEndReason | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      const frame = frameRef.current?.contentWindow;
      if (event.origin !== window.location.origin || !frame || event.source !== frame) return;
      const reason = endedReason(event.data);
      if (reason && reason !== "saved") setEnded(reason);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameRef]);
  return ended;
}
