/**
 * The worker that holds the browser's one event stream for the tab that won the lock
 * (run-events-hub.ts): it passes every event straight to all tabs, this one included, on the
 * BroadcastChannel, so the page's own work (rendering, reading) never holds the others back.
 */
import { followRunEvents, runEventsChannel, type FollowedStream, type StreamCommand, type TabMessage } from "./run-events-source";

if (typeof EventSource === "undefined") {
  // The page follows the stream itself instead.
  globalThis.postMessage("unsupported");
} else {
  let stream: FollowedStream | null = null;
  // The page says which workspace's stream first; then only "reopen".
  globalThis.addEventListener("message", (event) => {
    const data = (event as MessageEvent<StreamCommand>).data;
    if (data === "reopen") return stream?.reopen();
    if (stream) return;
    const channel = new BroadcastChannel(runEventsChannel(data.workspaceId));
    stream = followRunEvents((message: TabMessage) => channel.postMessage(message), data.workspaceId);
  });
}
