/**
 * The worker that holds the browser's one event stream for the tab that won the lock
 * (run-events-hub.ts): it passes every event straight to all tabs, this one included, on the
 * BroadcastChannel, so the page's own work (rendering, reading) never holds the others back.
 */
import { followRunEvents, RUN_EVENTS_CHANNEL, type TabMessage } from "./run-events-source";

if (typeof EventSource === "undefined") {
  // The page follows the stream itself instead.
  globalThis.postMessage("unsupported");
} else {
  const channel = new BroadcastChannel(RUN_EVENTS_CHANNEL);
  const stream = followRunEvents((message: TabMessage) => channel.postMessage(message));
  globalThis.addEventListener("message", (event) => {
    if ((event as MessageEvent).data === "reopen") stream.reopen();
  });
}
