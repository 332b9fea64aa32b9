import { createServer } from "node:http";
import type { Server } from "node:http";
import { listenOnLoopback } from "../lib/listen-on-loopback.ts";
import { openTunnel } from "./open-tunnel.ts";
import type { Socket } from "node:net";

/** One CONNECT the proxy was asked for, with the credentials it was sent (decoded from Basic). */
export interface ProxyRecord {
  /** "127.0.0.1:4321" */
  target: string;
  username: string | undefined;
  password: string | undefined;
}

export interface RecordingProxy {
  /** "http://127.0.0.1:<port>" */
  server: string;
  /** "127.0.0.1:<port>", as it is written in a proxy URL after the credentials. */
  hostPort: string;
  /** Every CONNECT, oldest first, refused ones too. */
  records: ProxyRecord[];
  close(): Promise<void>;
}

/**
 * An HTTP CONNECT proxy on loopback, as residential gateways work: it accepts a username the
 * test's rule allows (the gateway style puts a session and a country in it) with the password,
 * answers 407 otherwise, and records every CONNECT so tests can see which proxy a browser used
 * and with which username.
 */
export async function startRecordingProxy(options: {
  password: string;
  acceptUsername: (username: string) => boolean;
}): Promise<RecordingProxy> {
  const records: ProxyRecord[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on("connect", (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    const basic = /^Basic (.+)$/i.exec(req.headers["proxy-authorization"] ?? "")?.[1];
    const decoded = basic ? Buffer.from(basic, "base64").toString() : undefined;
    const colon = decoded?.indexOf(":") ?? -1;
    const username = decoded && colon >= 0 ? decoded.slice(0, colon) : undefined;
    const password = decoded && colon >= 0 ? decoded.slice(colon + 1) : undefined;
    records.push({ target: req.url ?? "", username, password });
    if (username === undefined || password !== options.password || !options.acceptUsername(username)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const remote = openTunnel(client, head, req.url ?? "");
    sockets.add(remote);
    remote.on("close", () => sockets.delete(remote));
  });
  const { port, url } = await listenOnLoopback(server);
  return {
    server: url,
    hostPort: `127.0.0.1:${port}`,
    records,
    async close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
