import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { LIVE_CLOSE, viewerMessageSchema, type LiveServerMessage } from "@errand/contract";
import { connectViewer, ServiceError, type LiveViewer, type ServiceContext } from "@errand/services";
import { WebSocketServer, type WebSocket } from "ws";

export const LIVE_SOCKET_PATH = "/api/v1/live/socket";
const PING_MS = 30_000;

/**
 * The live viewer's WebSocket (`/api/v1/live/socket?token=...`). The token decides everything:
 * which session or run, for which user, until when. The viewer only ever talks our own
 * protocol (frames out, input in); the browser's DevTools endpoint is never reachable.
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
    let target: ReturnType<typeof connectViewer>;
    try {
      target = connectViewer({ ctx, input: { token } });
    } catch (error) {
      const code = error instanceof ServiceError && error.code === "not_found" ? LIVE_CLOSE.notFound : LIVE_CLOSE.unauthorized;
      ws.close(code, error instanceof ServiceError ? error.message.slice(0, 120) : "refused");
      return;
    }
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
    const attachment = target.live.attach(viewer);
    let alive = true;
    const ping = setInterval(() => {
      if (!alive) return void ws.terminate();
      alive = false;
      ws.ping();
    }, PING_MS);
    ws.on("pong", () => (alive = true));
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return;
      }
      const message = viewerMessageSchema.safeParse(parsed);
      if (message.success) void attachment.receive(message.data);
    });
    ws.on("close", () => {
      clearInterval(ping);
      attachment.detach();
    });
    ws.on("error", () => ws.terminate());
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
