import { useEffect, useRef, type RefObject } from "react";
import type { LiveViewerEvent } from "../../live-viewer/parent-link";
import { readViewerEvent } from "../../live-viewer/parent-link";

/**
 * Calls `onEvent` for each event the live viewer in `frameRef` posts to this page (whether the
 * person may act, and that the view ended). Messages from other windows or origins are ignored.
 */
export function useViewerEvents(frameRef: RefObject<HTMLIFrameElement | null>, onEvent: (event: LiveViewerEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    const onMessage = (message: MessageEvent<unknown>) => {
      const frame = frameRef.current?.contentWindow;
      if (message.origin !== window.location.origin || !frame || message.source !== frame) return;
      const event = readViewerEvent(message.data);
      if (event) handler.current(event);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameRef]);
}
