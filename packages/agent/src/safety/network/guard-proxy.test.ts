import { Agent, createServer, request as httpRequest } from "node:http";
import type { Server } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTestSocks5Proxy, startTestUpstreamProxy } from "../../testing/test-upstream-proxy.ts";
import { createAddressPolicy } from "../address-policy.ts";
import type { NetworkPolicyOptions } from "../address-policy.ts";
import { startGuardProxy } from "./guard-proxy.ts";
import type { GuardProxy, ProxyRefusal } from "./guard-proxy.ts";
import { parseUpstreamProxy } from "./proxy-tunnel.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** Names only these tests know, so every address the proxy uses must come from the policy's lookup. */
const lookup = async (host: string) => {
  const table: Record<string, string[]> = {
    "site.test": ["127.0.0.1"],
    "intranet.test": ["127.0.0.1"],
    "mixed.test": ["93.184.216.34", "127.0.0.1"],
    "proxy.test": ["127.0.0.1"],
  };
  const found = table[host];
  if (!found) throw new Error("ENOTFOUND");
  return found;
};

/** A loopback HTTP server that counts TCP connections and echoes what it received. */
async function startTarget() {
  const seen = { connections: 0, requests: [] as { method: string; url: string; headers: Record<string, unknown>; body: string }[] };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res
        .writeHead(200, { "content-type": "text/plain", connection: "keep-alive", "x-target": "yes" })
        .end(`echo ${req.method} ${req.url} ${body}`);
    });
  });
  server.on("connection", () => seen.connections++);
  const upgraded = new Set<Socket>();
  server.on("upgrade", (req, socket: Socket) => {
    upgraded.add(socket);
    socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
    socket.on("data", (d: Buffer) => socket.write(`echo:${d.toString()}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    for (const s of upgraded) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as AddressInfo).port, seen };
}

/** A loopback TCP echo server that counts connections. */
async function startEcho() {
  const seen = { connections: 0 };
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    seen.connections++;
    sockets.add(socket);
    socket.on("data", (d: Buffer) => socket.write(`echo:${d.toString()}`));
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as AddressInfo).port, seen };
}

/** The rule of a test whose upstream proxy (on loopback) is let through, like the site. */
const withUpstream = (server: string): NetworkPolicyOptions => ({ allowHosts: ["site.test", new URL(server).host] });

async function startProxy(
  network: NetworkPolicyOptions,
  upstream?: { server: string; username?: string; password?: string; trusted?: boolean },
) {
  const proxy = await startGuardProxy({
    policy: createAddressPolicy(network, lookup),
    upstream: upstream ? parseUpstreamProxy(upstream) : undefined,
  });
  const refusals: ProxyRefusal[] = [];
  proxy.onRefused((r) => refusals.push(r));
  cleanups.push(() => proxy.close());
  return { proxy, refusals, port: Number(new URL(proxy.server).port) };
}

/** Sends CONNECT; resolves with the status line and the socket (tunnelled when 200). */
function connectVia(proxy: GuardProxy, authority: string): Promise<{ status: string; body: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: Number(new URL(proxy.server).port) });
    cleanups.push(async () => void socket.destroy());
    let buffered = "";
    socket.on("error", reject);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("latin1");
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const status = buffered.slice(0, buffered.indexOf("\r\n"));
      if (status.includes(" 200 ")) {
        socket.off("data", onData);
        return resolve({ status, body: "", socket });
      }
      socket.on("end", () => resolve({ status, body: buffered.slice(end + 4), socket }));
    };
    socket.on("data", onData);
  });
}

function exchange(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once("data", (d: Buffer) => resolve(d.toString()));
    socket.write(text);
  });
}

/** An absolute-URI request through the proxy, as a browser sends plain http. */
function getVia(
  proxyPort: number,
  url: string,
  options: { agent?: Agent; method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: proxyPort, path: url, method: options.method ?? "GET", agent: options.agent, headers: options.headers },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("guard proxy", () => {
  it("tunnels CONNECT to an allowed target, to the address the policy resolved, and relays bytes both ways", async () => {
    const echo = await startEcho();
    const { proxy, refusals } = await startProxy({ allowHosts: ["site.test"] });
    const { status, socket } = await connectVia(proxy, `site.test:${echo.port}`);
    expect(status).toBe("HTTP/1.1 200 Connection Established");
    expect(await exchange(socket, "ping")).toBe("echo:ping");
    expect(await exchange(socket, "pong")).toBe("echo:pong");
    expect(echo.seen.connections).toBe(1);
    expect(refusals).toEqual([]);
  });

  it("forwards absolute-URI http requests without hop-by-hop headers, over one kept-alive connection", async () => {
    const target = await startTarget();
    const { port } = await startProxy({ allowHosts: ["site.test"] });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    const url = `http://site.test:${target.port}/form?q=1`;
    const first = await getVia(port, url, {
      agent,
      method: "POST",
      body: "a=b",
      headers: { "proxy-authorization": "Basic c2VjcmV0", "x-custom": "kept" },
    });
    expect(first).toMatchObject({ status: 200, body: "echo POST /form?q=1 a=b", headers: { "x-target": "yes" } });
    expect(await getVia(port, url, { agent })).toMatchObject({ status: 200, body: "echo GET /form?q=1 " });
    expect(target.seen.requests[0]?.headers).toMatchObject({ host: `site.test:${target.port}`, "x-custom": "kept" });
    expect(target.seen.requests[0]?.headers["proxy-authorization"]).toBeUndefined();
    expect(target.seen.connections).toBe(1);
  });

  it("answers 403 to a private target before any connection to it, for CONNECT and http alike", async () => {
    const target = await startTarget();
    const { proxy, port, refusals } = await startProxy({});
    const tunnel = await connectVia(proxy, `127.0.0.1:${target.port}`);
    expect(tunnel.status).toBe("HTTP/1.1 403 Forbidden");
    expect(tunnel.body).toMatch(/Blocked by Errand: 127\.0\.0\.1 is a private, loopback/);
    const page = await getVia(port, `http://127.0.0.1:${target.port}/admin`, { headers: { "upgrade-insecure-requests": "1" } });
    expect(page.status).toBe(403);
    expect(page.body).toContain("Blocked by Errand");
    expect(target.seen.connections).toBe(0);
    expect(refusals).toEqual([
      { url: `https://127.0.0.1:${target.port}/`, navigation: false, reason: expect.stringMatching(/127\.0\.0\.1 is a private/) },
      { url: `http://127.0.0.1:${target.port}/admin`, navigation: true, reason: expect.stringMatching(/127\.0\.0\.1 is a private/) },
    ]);
  });

  it("refuses every host outside the run's allowed domains before connecting, even hosts the server lets through", async () => {
    const target = await startTarget();
    const { proxy, port, refusals } = await startProxy({ allowHosts: ["site.test", "intranet.test"], allowedDomains: ["site.test"] });
    expect((await getVia(port, `http://site.test:${target.port}/ok`)).status).toBe(200);
    expect((await connectVia(proxy, `intranet.test:${target.port}`)).status).toBe("HTTP/1.1 403 Forbidden");
    expect((await getVia(port, `http://intranet.test:${target.port}/image.png`)).status).toBe(403);
    expect(target.seen.requests.map((r) => r.url)).toEqual(["/ok"]);
    expect(refusals.map((r) => r.reason)).toEqual([
      "intranet.test is not among the run's allowed domains (site.test)",
      "intranet.test is not among the run's allowed domains (site.test)",
    ]);
  });

  it("refuses a host name when any of its addresses is private, and one that does not resolve", async () => {
    const target = await startTarget();
    const { proxy, port, refusals } = await startProxy({});
    expect((await connectVia(proxy, `intranet.test:${target.port}`)).status).toBe("HTTP/1.1 403 Forbidden");
    expect((await getVia(port, `http://mixed.test:${target.port}/`)).status).toBe(403);
    expect((await getVia(port, `http://nowhere.test:${target.port}/`)).status).toBe(403);
    expect(target.seen.connections).toBe(0);
    expect(refusals.map((r) => r.reason)).toEqual([
      "intranet.test resolves to 127.0.0.1, a private, loopback, link-local or metadata address",
      "mixed.test resolves to 127.0.0.1, a private, loopback, link-local or metadata address",
      "the host name nowhere.test could not be resolved",
    ]);
  });

  it("forwards a WebSocket upgrade sent as an absolute-URI request", async () => {
    const target = await startTarget();
    const { port } = await startProxy({ allowHosts: ["site.test"] });
    const socket = connect({ host: "127.0.0.1", port });
    cleanups.push(async () => void socket.destroy());
    const head = await exchange(
      socket,
      `GET http://site.test:${target.port}/ws HTTP/1.1\r\nHost: site.test:${target.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 101 /);
    expect(await exchange(socket, "frame")).toBe("echo:frame");
  });

  it("goes out through an upstream http proxy with its credentials, naming only the checked address", async () => {
    const echo = await startEcho();
    const target = await startTarget();
    const upstream = await startTestUpstreamProxy({ username: "user", password: "p@ss" });
    cleanups.push(() => upstream.close());
    const { proxy, port } = await startProxy(withUpstream(upstream.server), {
      server: upstream.server,
      username: "user",
      password: "p@ss",
    });
    const { socket } = await connectVia(proxy, `site.test:${echo.port}`);
    expect(await exchange(socket, "ping")).toBe("echo:ping");
    expect(await getVia(port, `http://site.test:${target.port}/a`)).toMatchObject({ status: 200, body: "echo GET /a " });
    expect(target.seen.requests[0]?.headers).toMatchObject({ host: `site.test:${target.port}` });
    // Refused before the upstream hears of it.
    expect((await connectVia(proxy, `127.0.0.1:${echo.port}`)).status).toBe("HTTP/1.1 403 Forbidden");
    const auth = `Basic ${Buffer.from("user:p@ss").toString("base64")}`;
    expect(upstream.received).toEqual([
      { line: `CONNECT 127.0.0.1:${echo.port}`, authorization: auth },
      { line: `CONNECT 127.0.0.1:${target.port}`, authorization: auth },
    ]);
  });

  it("says an upstream refused, without repeating its credentials", async () => {
    const echo = await startEcho();
    const upstream = await startTestUpstreamProxy({ username: "user", password: "right" });
    cleanups.push(() => upstream.close());
    const { proxy } = await startProxy(withUpstream(upstream.server), {
      server: upstream.server,
      username: "user",
      password: "wrong-secret",
    });
    const answer = await connectVia(proxy, `site.test:${echo.port}`);
    expect(answer.status).toBe("HTTP/1.1 502 Bad Gateway");
    expect(answer.body).toContain("the upstream proxy refused the connection (407)");
    expect(answer.body).not.toContain("wrong-secret");
    expect(answer.body).not.toContain(Buffer.from("user:wrong-secret").toString("base64"));
    expect(echo.seen.connections).toBe(0);
  });

  it("goes out through an upstream SOCKS5 proxy with a user name and password", async () => {
    const echo = await startEcho();
    const socks = await startTestSocks5Proxy({ username: "user", password: "pw" });
    cleanups.push(() => socks.close());
    const { proxy } = await startProxy(withUpstream(socks.server), { server: socks.server, username: "user", password: "pw" });
    const { socket } = await connectVia(proxy, `site.test:${echo.port}`);
    expect(await exchange(socket, "ping")).toBe("echo:ping");
    expect(socks.received).toEqual([{ line: `CONNECT 127.0.0.1:${echo.port}`, authorization: "user:pw" }]);
  });

  it("judges a pool's proxy again when connecting: one whose name now resolves inside hears nothing, credentials least", async () => {
    const echo = await startEcho();
    const target = await startTarget();
    const upstream = await startTestUpstreamProxy({ username: "user", password: "p@ss" });
    cleanups.push(() => upstream.close());
    const listener = new URL(upstream.server).port;
    // proxy.test was public when the pool was saved; now it resolves to the listener on loopback.
    for (const host of ["proxy.test", "localhost", "127.0.0.1"]) {
      const { proxy, port } = await startProxy(
        { allowHosts: ["site.test"] },
        { server: `http://${host}:${listener}`, username: "user", password: "p@ss" },
      );
      const tunnel = await connectVia(proxy, `site.test:${echo.port}`);
      expect(tunnel.status, host).toBe("HTTP/1.1 502 Bad Gateway");
      expect(tunnel.body, host).toMatch(
        new RegExp(
          `^Errand could not connect to site\\.test:${echo.port}: the proxy ${host.replace(/\./g, "\\.")}:${listener} is refused: .*a private, loopback, link-local or metadata address\\.$`,
        ),
      );
      const page = await getVia(port, `http://site.test:${target.port}/`);
      expect(page.status, host).toBe(502);
      expect(page.body, host).toContain(`the proxy ${host}:${listener} is refused`);
      expect(`${tunnel.body} ${page.body}`).not.toContain("p@ss");
    }
    expect(upstream.received).toEqual([]);
    expect(echo.seen.connections + target.seen.connections).toBe(0);
  });

  it("connects to a pool's proxy at the address it judged, and leaves the operator's PROXY_URL unjudged", async () => {
    const echo = await startEcho();
    const upstream = await startTestUpstreamProxy({ username: "user", password: "p@ss" });
    cleanups.push(() => upstream.close());
    const listener = new URL(upstream.server).port;
    // proxy.test resolves only through the policy's lookup: the connection uses the address it judged.
    const named = await startProxy(
      { allowHosts: ["site.test", "proxy.test"] },
      { server: `http://proxy.test:${listener}`, username: "user", password: "p@ss" },
    );
    expect(await exchange((await connectVia(named.proxy, `site.test:${echo.port}`)).socket, "ping")).toBe("echo:ping");
    // The server's own PROXY_URL may sit on the private network: the operator chose it.
    const operator = await startProxy(
      { allowHosts: ["site.test"] },
      { server: upstream.server, username: "user", password: "p@ss", trusted: true },
    );
    expect(await exchange((await connectVia(operator.proxy, `site.test:${echo.port}`)).socket, "ping")).toBe("echo:ping");
    expect(upstream.received.map((r) => r.line)).toEqual([`CONNECT 127.0.0.1:${echo.port}`, `CONNECT 127.0.0.1:${echo.port}`]);
  });
});
