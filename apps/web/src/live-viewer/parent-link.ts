import type { LiveEndReason, LiveServerMessage } from "@errand/contract";

/**
 * What the viewer tells the page that shows it in an iframe (posted to its own origin only):
 * whether the person may act, so the page can follow a hand-back it did not ask for (the take-over
 * limit, another tab), and that the view ended.
 */
export type LiveViewerEvent =
  | { source: "errand-live"; type: "state"; interactive: boolean; url: string }
  | { source: "errand-live"; type: "ended"; reason: LiveEndReason };

export function viewerEvent(message: LiveServerMessage): LiveViewerEvent | null {
  if (message.type === "state") return { source: "errand-live", type: "state", interactive: message.interactive, url: message.url };
  if (message.type === "ended") return { source: "errand-live", type: "ended", reason: message.reason };
  return null;
}

/** The viewer event in a message posted by the viewer iframe, or null for any other message. */
export function readViewerEvent(data: unknown): LiveViewerEvent | null {
  if (typeof data !== "object" || data === null) return null;
  const event = data as Partial<Record<string, unknown>>;
  if (event.source !== "errand-live") return null;
  if (event.type === "state" && typeof event.interactive === "boolean" && typeof event.url === "string") return event as LiveViewerEvent;
  if (event.type === "ended" && typeof event.reason === "string") return event as LiveViewerEvent;
  return null;
}

/** Posts the event of `message`, if it has one, to the parent page when there is one. */
export function tellParent(message: LiveServerMessage): void {
  if (window.parent === window) return;
  const event = viewerEvent(message);
  if (event) window.parent.postMessage(event, location.origin);
}
