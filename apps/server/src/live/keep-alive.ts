import type { WebSocket } from "ws";

const PING_MS = 30_000;

/**
 * Pings the socket every 30 s and drops it when the previous ping went unanswered (a viewer
 * whose network vanished leaves no close). Returns the function that stops the pings.
 */
export function keepAlive(ws: WebSocket): () => void {
  let alive = true;
  const ping = setInterval(() => {
    if (!alive) return void ws.terminate();
    alive = false;
    ws.ping();
  }, PING_MS);
  ws.on("pong", () => (alive = true));
  return () => clearInterval(ping);
}
