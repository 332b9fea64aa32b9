import { LIVE_CLOSE, viewerMessageSchema, type LiveServerMessage } from "@errand/contract";
import { WebSocket } from "ws";
import { parseJson, rawText } from "./serve-viewer.ts";
import { keepAlive } from "./keep-alive.ts";

/** Above this much unsent to the viewer, the relay stops reading from the owner, which then skips frames. */
const BEHIND_BYTES = 1_000_000;

/**
 * Pipes a public viewer socket to the internal socket of the process holding the browser
 * (ADR 0013): frames and state messages pass through unchanged, input is validated here and
 * again there. Backpressure carries over: a slow viewer pauses the upstream socket, so the owner
 * sees a slow reader and sends only the latest frame once it catches up. If the owner cannot be
 * reached the viewer is told as if the browser were gone; if it stops, the viewer is told it ended.
 */
export function relayViewer(ws: WebSocket, relay: { url: string; credential: string }, what: string, early: string[] = []): void {
  const upstream = new WebSocket(relay.url, { headers: { authorization: `Bearer ${relay.credential}` }, maxPayload: 16 * 1024 * 1024 });
  const queued = [...early];
  let opened = false;
  const forward = (text: string) => {
    const message = viewerMessageSchema.safeParse(parseJson(text));
    if (!message.success) return;
    if (opened) upstream.send(JSON.stringify(message.data));
    else if (queued.length < 100) queued.push(text);
  };
  ws.on("message", (data, isBinary) => {
    if (!isBinary) forward(rawText(data));
  });

  upstream.on("open", () => {
    opened = true;
    for (const text of queued.splice(0)) forward(text);
  });
  upstream.on("message", (data, isBinary) => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(isBinary ? (data as Buffer) : rawText(data), { binary: isBinary }, () => {
      if (ws.bufferedAmount <= BEHIND_BYTES && upstream.isPaused) upstream.resume();
    });
    if (ws.bufferedAmount > BEHIND_BYTES && !upstream.isPaused) upstream.pause();
  });
  upstream.on("close", (code, reason) => {
    if (ws.readyState !== ws.OPEN) return;
    if (!opened) return void ws.close(LIVE_CLOSE.notFound, `${what} not found`);
    // The owner ended it as it would for a local viewer (ended, not found, refused): same code and reason.
    if (code >= 4000 && code < 5000) return void ws.close(code, String(reason));
    const ended: LiveServerMessage = {
      type: "ended",
      reason: "error",
      message: "The process holding this browser stopped. The live view is no longer available.",
    };
    ws.send(JSON.stringify(ended));
    ws.close(LIVE_CLOSE.ended, "error");
  });
  upstream.on("error", () => upstream.terminate());

  const stopPings = keepAlive(ws);
  ws.on("close", () => {
    stopPings();
    if (upstream.readyState === upstream.CONNECTING) upstream.terminate();
    else upstream.close();
  });
  ws.on("error", () => ws.terminate());
}
