import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { LIVE_CLOSE } from "@errand/contract";
import { connectViewer } from "@errand/services/live";
import { ServiceError, type ServiceContext } from "@errand/services";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { relayViewer } from "./relay-viewer.ts";
import { rawText, serveViewer } from "./serve-viewer.ts";

export const LIVE_SOCKET_PATH = "/api/v1/live/socket";

/**
 * The live viewer's WebSocket (`/api/v1/live/socket?token=...`). The token decides everything:
 * which session or run, for which user, until when. The viewer only ever talks our own
 * protocol (frames out, input in); the browser's DevTools endpoint is never reachable. A browser
 * held by another process is relayed to that process's internal endpoint (ADR 0013).
 */
export function attachLiveViewSocket(server: Server, ctx: ServiceContext, baseUrl: string): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const appOrigin = new URL(baseUrl).origin;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== LIVE_SOCKET_PATH) return void socket.destroy();
    // Another site's page must not open viewers with a token it got hold of: a browser always
    // sends Origin, and only the app's own (scheme, host and port; never "null") is accepted.
    // A client with no Origin is no browser page, and the token alone decides.
    if (!isAppOrigin(req.headers.origin, appOrigin)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, url.searchParams.get("token") ?? ""));
  };

  function accept(ws: WebSocket, token: string) {
    // Input sent while the target is looked up is kept and applied once attached.
    const early: string[] = [];
    ws.on("error", () => ws.terminate());
    const keep = (data: RawData, isBinary: boolean) => {
      if (!isBinary && early.length < 100) early.push(rawText(data));
    };
    ws.on("message", keep);
    connectViewer({ ctx, input: { token } }).then(
      (target) => {
        ws.off("message", keep);
        if (ws.readyState !== ws.OPEN) return;
        if ("live" in target) serveViewer(ws, target.live, early);
        else relayViewer(ws, target.relay, target.kind === "session" ? "Browsing session" : "Running run", early);
      },
      (error: unknown) => {
        const code = error instanceof ServiceError && error.code === "not_found" ? LIVE_CLOSE.notFound : LIVE_CLOSE.unauthorized;
        ws.close(code, error instanceof ServiceError ? error.message.slice(0, 120) : "refused");
      },
    );
  }

  server.on("upgrade", onUpgrade);
  return {
    close() {
      server.off("upgrade", onUpgrade);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** True when there is no Origin header, or it is exactly the app's origin. */
export function isAppOrigin(origin: string | undefined, appOrigin: string): boolean {
  if (origin === undefined) return true;
  return URL.canParse(origin) && new URL(origin).origin === appOrigin;
}
