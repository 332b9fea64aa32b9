import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import {
  answerLiveCall,
  heldLiveTarget,
  INTERNAL_LIVE_CALL_PATH,
  INTERNAL_LIVE_SOCKET_PATH,
  liveCallSchema,
  verifyInternalCredential,
  type LiveKind,
} from "@errand/services/live";
import { ServiceError, type ServiceContext } from "@errand/services";
import { WebSocketServer } from "ws";
import { serveViewer } from "./serve-viewer.ts";

const MAX_BODY = 16 * 1024;

export interface InternalLiveEndpoint {
  port: number;
  close(): Promise<void>;
}

/**
 * The internal live endpoint of a process holding browsers (ADR 0013): other Errand processes
 * relay viewers (`/internal/live/socket?kind=&id=`) and calls (`/internal/live/call`) about one
 * run or login session here. Every request carries a short-lived credential derived from
 * AUTH_SECRET and bound to its target; nothing else is served, and never the browser's CDP.
 */
export async function startInternalLiveEndpoint(deps: { ctx: ServiceContext; host: string; port: number }): Promise<InternalLiveEndpoint> {
  const key = deps.ctx.live?.relay?.key;
  if (!key) throw new Error("The internal live endpoint needs live browsers and the relay key (ServiceContext.live.relay).");
  const allowed = (req: IncomingMessage, target: { kind: LiveKind; id: string }) => {
    const header = req.headers.authorization ?? "";
    return header.startsWith("Bearer ") && verifyInternalCredential(key, header.slice(7), target);
  };

  const server = createServer((req, res) => {
    if (req.method !== "POST" || new URL(req.url ?? "/", "http://internal").pathname !== INTERNAL_LIVE_CALL_PATH)
      return answer(res, 404, { message: "Not found" });
    void handleCall(req, res);
  });

  async function handleCall(req: IncomingMessage, res: ServerResponse) {
    const call = liveCallSchema.safeParse(await readJson(req));
    if (!call.success) return answer(res, 400, { code: "validation_error", message: "Not a live call" });
    if (!allowed(req, call.data)) return answer(res, 401, { code: "unauthorized", message: "Missing or invalid internal credential" });
    try {
      const result = await answerLiveCall(deps.ctx, call.data);
      if (result === undefined) return answer(res, 404, { code: "not_found", message: "Not held here" });
      answer(res, 200, result);
    } catch (error) {
      if (error instanceof ServiceError) return answer(res, 422, { code: error.code, message: error.message });
      deps.ctx.log.error("a relayed live call failed", { op: call.data.op, error: error as Error });
      answer(res, 500, { code: "internal_error", message: "The live browser's process could not do this." });
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://internal");
    const kind = url.searchParams.get("kind");
    const id = url.searchParams.get("id") ?? "";
    if (url.pathname !== INTERNAL_LIVE_SOCKET_PATH || (kind !== "run" && kind !== "session")) return refuse(socket, "404 Not Found");
    if (!allowed(req, { kind, id })) return refuse(socket, "401 Unauthorized");
    const live = heldLiveTarget(deps.ctx, { kind, id });
    if (!live) return refuse(socket, "404 Not Found");
    wss.handleUpgrade(req, socket, head, (ws) => serveViewer(ws, live));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(deps.port, deps.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}
