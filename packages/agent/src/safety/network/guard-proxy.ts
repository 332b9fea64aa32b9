import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import type { ClientRequestArgs, IncomingMessage, ServerResponse } from "node:http";
import { isIPv6 } from "node:net";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { ConnectionPolicy } from "../address-policy.ts";
import { blockedPageHtml } from "./blocked-page.ts";
import { connectToAny } from "./proxy-tunnel.ts";
import type { UpstreamProxy } from "./proxy-tunnel.ts";

/** A connection the guard proxy refused; nothing was sent to the target. */
export interface ProxyRefusal {
  url: string;
  reason: string;
  /** A page or frame navigation, when the request says so (plain http only). */
  navigation: boolean;
}

export interface GuardProxy {
  /** "http://127.0.0.1:<port>": the proxy server to give the browser context. */
  server: string;
  /** Calls `listener` for each refused connection; returns the unsubscribe function. */
  onRefused(listener: (refusal: ProxyRefusal) => void): () => void;
  close(): Promise<void>;
}

export interface GuardProxyOptions {
  policy: ConnectionPolicy;
  /** Where allowed connections go out (PROXY_URL); direct when unset. */
  upstream?: UpstreamProxy;
}

/** Headers that describe one hop, not the request (RFC 9110 7.6.1), plus the ones meant for us. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "upgrade",
]);

/**
 * A forwarding proxy on 127.0.0.1 that every connection of one browser context goes through
 * (https and wss as CONNECT, http and ws as absolute-URI requests). Each target host is resolved
 * once, all its addresses are judged by the policy, and the connection is opened to an address
 * that was judged: there is no second lookup to rebind. A refused target gets a 403 before
 * anything connects to it. Allowed connections go out directly or through the upstream proxy.
 */
export async function startGuardProxy(options: GuardProxyOptions): Promise<GuardProxy> {
  const { policy, upstream } = options;
  const listeners = new Set<(refusal: ProxyRefusal) => void>();
  const tunnels = new Set<Duplex>();
  const checkedUpstream = () => judgeUpstream(policy, upstream);
  const agent = new CheckedAddressAgent(checkedUpstream);

  const refuse = (refusal: ProxyRefusal) => {
    for (const listener of listeners) listener(refusal);
  };

  // No request timeout: a slow upload or a long response is the page's business, not ours.
  const server = createServer(
    { requestTimeout: 0 },
    (req, res) => void forwardRequest(req, res, { policy, agent, refuse }).catch(() => res.destroy()),
  );
  server.keepAliveTimeout = 60_000;
  server.on(
    "connect",
    (req: IncomingMessage, client: Duplex, head: Buffer) => void openTunnel(req, client, head).catch(() => client.destroy()),
  );
  server.on(
    "upgrade",
    (req: IncomingMessage, client: Duplex, head: Buffer) => void forwardUpgrade(req, client, head).catch(() => client.destroy()),
  );
  server.on("clientError", (_error, socket: Duplex) => socket.destroy());

  /** CONNECT host:port: check, connect, then relay bytes both ways. */
  async function openTunnel(req: IncomingMessage, client: Duplex, head: Buffer) {
    track(client);
    client.on("error", () => client.destroy());
    const target = parseAuthority(req.url ?? "");
    if (!target) return answerRaw(client, 400, "Bad Request", "CONNECT needs a host:port target.");
    const url = `https://${target.authority}/`;
    const admission = await policy.admit(url);
    if (!admission.allowed) {
      refuse({ url: new URL(url).href, reason: admission.reason, navigation: false });
      return answerRaw(client, 403, "Forbidden", `Blocked by Errand: ${admission.reason}.`);
    }
    let remote: Socket;
    try {
      remote = await connectToAny(admission.addresses, target.port, await checkedUpstream());
    } catch (error) {
      return answerRaw(client, 502, "Bad Gateway", `Errand could not connect to ${target.authority}: ${messageOf(error)}.`);
    }
    if (client.destroyed) return void remote.destroy();
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) remote.write(head);
    relay(client, remote, track);
  }

  /** An absolute-URI request with Upgrade (ws:// through a plain proxy): check, connect, relay. */
  async function forwardUpgrade(req: IncomingMessage, client: Duplex, head: Buffer) {
    track(client);
    client.on("error", () => client.destroy());
    const target = absoluteHttpUrl(req.url ?? "");
    if (!target) return answerRaw(client, 400, "Bad Request", "This proxy forwards absolute http:// URLs only.");
    const admission = await policy.admit(target.href);
    if (!admission.allowed) {
      refuse({ url: target.href.replace(/^http:/, "ws:"), reason: admission.reason, navigation: false });
      return answerRaw(client, 403, "Forbidden", `Blocked by Errand: ${admission.reason}.`);
    }
    let remote: Socket;
    try {
      remote = await connectToAny(admission.addresses, Number(target.port || 80), await checkedUpstream());
    } catch (error) {
      return answerRaw(client, 502, "Bad Gateway", `Errand could not connect to ${target.host}: ${messageOf(error)}.`);
    }
    remote.write(upgradeRequestHead(req, target));
    if (head.length > 0) remote.write(head);
    relay(client, remote, track);
  }

  function track(socket: Duplex) {
    tunnels.add(socket);
    socket.on("close", () => tunnels.delete(socket));
  }

  const port = await listenOnLoopback(server);
  return {
    server: `http://127.0.0.1:${port}`,
    onRefused(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () => closeProxy(server, { listeners, tunnels, agent }),
  };
}

/** Stops listening, cuts every connection and tunnel, and resolves once the server is closed. */
async function closeProxy(server: Server, held: { listeners: Set<unknown>; tunnels: Set<Duplex>; agent: Agent }) {
  held.listeners.clear();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  for (const socket of held.tunnels) socket.destroy();
  held.agent.destroy();
  await closed;
}

/** An absolute-URI http request: check, then forward it over a kept-alive connection. */
async function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { policy: ConnectionPolicy; agent: Agent; refuse(refusal: ProxyRefusal): void },
) {
  const target = absoluteHttpUrl(req.url ?? "");
  if (!target) return answer(res, 400, "This is Errand's browser proxy: it forwards absolute http:// URLs only.");
  const admission = await deps.policy.admit(target.href);
  if (!admission.allowed) {
    deps.refuse({ url: target.href, reason: admission.reason, navigation: isNavigation(req) });
    res.writeHead(403, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    return void res.end(blockedPageHtml(target.href, admission.reason));
  }
  const outgoing = httpRequest({
    agent: deps.agent,
    host: admission.addresses[0],
    port: Number(target.port || 80),
    method: req.method,
    path: `${target.pathname}${target.search}`,
    // The request line names the target; a Host header that says otherwise is replaced (RFC 9112 3.2.2).
    headers: ["Host", target.host, ...endToEndHeaders(req.rawHeaders, ["host"])],
    setHost: false,
    checkedAddresses: admission.addresses,
  } as CheckedRequestArgs);
  outgoing.on("response", (incoming) => {
    res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, endToEndHeaders(incoming.rawHeaders));
    incoming.pipe(res);
    incoming.on("aborted", () => res.destroy());
  });
  outgoing.on("error", (error) => {
    if (res.headersSent) return void res.destroy();
    answer(res, 502, `Errand could not connect to ${target.host}: ${messageOf(error)}.`);
  });
  res.on("close", () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  req.pipe(outgoing);
}

/** Relays bytes both ways until either side ends; both are then closed. */
function relay(client: Duplex, remote: Socket, track: (socket: Duplex) => void) {
  track(remote);
  if ("setNoDelay" in client && typeof client.setNoDelay === "function") client.setNoDelay(true);
  const end = () => {
    client.destroy();
    remote.destroy();
  };
  for (const side of [client, remote]) {
    side.on("error", end);
    side.on("close", end);
  }
  client.pipe(remote);
  remote.pipe(client);
}

/** The request line and headers an Upgrade request is sent on with: no proxy headers, the Host its URL names. */
function upgradeRequestHead(req: IncomingMessage, target: URL): string {
  const headers = [`Host: ${target.host}`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? "";
    const lower = name.toLowerCase();
    if (!lower.startsWith("proxy-") && lower !== "host") headers.push(`${name}: ${req.rawHeaders[i + 1]}`);
  }
  return `${req.method} ${target.pathname}${target.search} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`;
}

/** Listens on 127.0.0.1 at a free port; a context that is never closed must not keep the process alive through its proxy. */
async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();
  return (server.address() as AddressInfo).port;
}

/**
 * The upstream proxy with its own address judged now, as a target's is (a pool's proxy was
 * judged when saved, but its name may resolve elsewhere since), to be connected to at the address
 * judged: nothing, credentials least, is sent to a refused one. The operator's PROXY_URL
 * (trusted) goes as it is.
 */
async function judgeUpstream(policy: ConnectionPolicy, upstream: UpstreamProxy | undefined): Promise<UpstreamProxy | undefined> {
  if (!upstream || upstream.trusted) return upstream;
  const authority = `${isIPv6(upstream.host) ? `[${upstream.host}]` : upstream.host}:${upstream.port}`;
  const admission = await policy.admit(`http://${authority}/`);
  if (!admission.allowed) throw new Error(`the proxy ${authority} is refused: ${admission.reason}`);
  return { ...upstream, address: admission.addresses[0] };
}

type CheckedRequestArgs = ClientRequestArgs & { checkedAddresses?: string[] };

/** Keeps connections to checked addresses alive between requests; opens them through the (checked) upstream when there is one. */
class CheckedAddressAgent extends Agent {
  private readonly upstream: () => Promise<UpstreamProxy | undefined>;
  constructor(upstream: () => Promise<UpstreamProxy | undefined>) {
    super({ keepAlive: true, timeout: 60_000 });
    this.upstream = upstream;
  }

  override createConnection(options: CheckedRequestArgs, callback?: (error: Error | null, socket: Duplex) => void): Duplex | undefined {
    const addresses = options.checkedAddresses ?? [String(options.host)];
    this.upstream()
      .then((upstream) => connectToAny(addresses, Number(options.port), upstream))
      .then(
        (socket) => {
          socket.resume();
          callback?.(null, socket);
        },
        (error: Error) => callback?.(error, undefined as unknown as Duplex),
      );
    return undefined;
  }
}

/** "host:port" of a CONNECT request, IPv6 in brackets. */
function parseAuthority(authority: string): { authority: string; port: number } | undefined {
  let url: URL;
  try {
    url = new URL(`http://${authority}`);
  } catch {
    return undefined;
  }
  const port = Number(/:(\d{1,5})$/.exec(authority)?.[1]);
  if (!port || port > 65_535 || url.pathname !== "/" || url.username || url.search) return undefined;
  return { authority: `${url.hostname}:${port}`, port };
}

function absoluteHttpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" && raw.startsWith("http") ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A flat raw header list without hop-by-hop headers (those named in Connection too) and `drop`. */
function endToEndHeaders(raw: string[], drop: string[] = []): string[] {
  const named = new Set<string>(drop);
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === "connection") for (const token of (raw[i + 1] ?? "").split(",")) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? "";
    const lower = name.toLowerCase();
    if (!HOP_HEADERS.has(lower) && !named.has(lower)) out.push(name, raw[i + 1] ?? "");
  }
  return out;
}

function isNavigation(req: IncomingMessage): boolean {
  return req.headers["sec-fetch-mode"] === "navigate" || req.headers["upgrade-insecure-requests"] === "1";
}

function answer(res: ServerResponse, status: number, text: string) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(text);
}

function answerRaw(socket: Duplex, status: number, statusText: string, text: string) {
  if (socket.destroyed) return;
  const body = Buffer.from(text);
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString()}`,
  );
}

function messageOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}
