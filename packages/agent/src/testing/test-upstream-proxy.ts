import { createServer, request as httpRequest } from "node:http";
import type { Server } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";
import type { Socket } from "node:net";
import { listenOnLoopback, openTunnel } from "@errand/testkit";

export interface TestUpstreamProxy {
  /** "http://127.0.0.1:<port>" */
  server: string;
  /** What it was asked, oldest first: "CONNECT 127.0.0.1:123" or "GET http://...", with the credentials sent. */
  received: { line: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy on loopback as operators run them (PROXY_URL): CONNECT tunnels and absolute-URI
 * requests, Basic credentials required (407 without them), every request recorded.
 */
export async function startTestUpstreamProxy(credentials: { username: string; password: string }): Promise<TestUpstreamProxy> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  const received: TestUpstreamProxy["received"] = [];
  const tunnels = new Set<{ destroy(): void }>();
  const challenge = 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n';

  const server: Server = createServer((req, res) => {
    received.push({ line: `${req.method} ${req.url}`, authorization: req.headers["proxy-authorization"] });
    if (req.headers["proxy-authorization"] !== expected) {
      res.writeHead(407, { "proxy-authenticate": 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? "");
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port || 80, method: req.method, path: target.pathname + target.search, headers },
      (incoming) => {
        res.writeHead(incoming.statusCode ?? 502, incoming.headers);
        incoming.pipe(res);
      },
    );
    outgoing.on("error", () => res.writeHead(502).end());
    req.pipe(outgoing);
  });
  server.on("connect", (req, client, head) => {
    received.push({ line: `CONNECT ${req.url}`, authorization: req.headers["proxy-authorization"] });
    tunnels.add(client);
    client.on("error", () => client.destroy());
    if (req.headers["proxy-authorization"] !== expected) return void client.end(challenge);
    openTunnel(client, head, req.url ?? "");
  });
  return {
    server: (await listenOnLoopback(server)).url,
    received,
    async close() {
      server.closeAllConnections();
      for (const t of tunnels) t.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A SOCKS5 proxy on loopback that wants a user name and password (RFC 1928, 1929) and records each CONNECT. */
export async function startTestSocks5Proxy(credentials: { username: string; password: string }): Promise<TestUpstreamProxy> {
  const received: TestUpstreamProxy["received"] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    sockets.add(client);
    client.on("error", () => client.destroy());
    let buffered = Buffer.alloc(0);
    let stage: "greeting" | "auth" | "request" | "open" = "greeting";
    let authorization: string | undefined;
    client.on("data", (chunk: Buffer) => {
      if (stage === "open") return;
      buffered = Buffer.concat([buffered, chunk]);
      if (stage === "greeting" && buffered.length >= 2 && buffered.length >= 2 + (buffered[1] ?? 0)) {
        buffered = buffered.subarray(2 + (buffered[1] ?? 0));
        client.write(Buffer.from([5, 0x02]));
        stage = "auth";
      }
      if (stage === "auth" && buffered.length >= 2) {
        const userLength = buffered[1] ?? 0;
        const passLength = buffered[2 + userLength];
        if (passLength === undefined || buffered.length < 3 + userLength + passLength) return;
        const username = buffered.subarray(2, 2 + userLength).toString();
        const password = buffered.subarray(3 + userLength, 3 + userLength + passLength).toString();
        authorization = `${username}:${password}`;
        buffered = buffered.subarray(3 + userLength + passLength);
        const ok = username === credentials.username && password === credentials.password;
        client.write(Buffer.from([1, ok ? 0 : 1]));
        if (!ok) return void client.end();
        stage = "request";
      }
      if (stage === "request" && buffered.length >= 10 && buffered[3] === 1) {
        const host = [...buffered.subarray(4, 8)].join(".");
        const port = buffered.readUInt16BE(8);
        received.push({ line: `CONNECT ${host}:${port}`, authorization });
        stage = "open";
        const rest = buffered.subarray(10);
        const remote = connect({ host, port }, () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          if (rest.length > 0) remote.write(rest);
          client.pipe(remote);
          remote.pipe(client);
        });
        remote.on("error", () => client.destroy());
        client.on("close", () => remote.destroy());
      }
    });
    client.on("close", () => sockets.delete(client));
  });
  return {
    server: `socks5://127.0.0.1:${(await listenOnLoopback(server)).port}`,
    received,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
