import { LIVE_CLOSE, viewerMessageSchema, type LiveServerMessage } from "@errand/contract";
import type { LiveTarget, LiveViewer } from "@errand/services/live";
import type { RawData, WebSocket } from "ws";
import { keepAlive } from "./keep-alive.ts";

/**
 * Attaches a connected viewer socket to a browser this process holds: frames and state out,
 * validated input in (`early`: what it sent before the target was found). Used by the public
 * viewer socket and by the internal endpoint other processes relay to.
 */
export function serveViewer(ws: WebSocket, live: LiveTarget, early: string[] = []): void {
  const viewer: LiveViewer = {
    sendJson(message: LiveServerMessage) {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(JSON.stringify(message));
      if (message.type === "ended") ws.close(LIVE_CLOSE.ended, message.reason);
    },
    sendBinary(data) {
      if (ws.readyState === ws.OPEN) ws.send(data, { binary: true });
    },
    bufferedAmount: () => ws.bufferedAmount,
  };
  const attachment = live.attach(viewer);
  const stopPings = keepAlive(ws);
  const receive = (text: string) => {
    const message = viewerMessageSchema.safeParse(parseJson(text));
    if (message.success) void attachment.receive(message.data);
  };
  for (const text of early) receive(text);
  ws.on("message", (data, isBinary) => {
    if (!isBinary) receive(rawText(data));
  });
  ws.on("close", () => {
    stopPings();
    attachment.detach();
  });
  ws.on("error", () => ws.terminate());
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function rawText(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as Buffer).toString("utf8");
}
