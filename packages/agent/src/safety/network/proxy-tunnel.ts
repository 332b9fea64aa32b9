import { connect as netConnect, isIP, isIPv4, isIPv6 } from "node:net";
import type { Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import ipaddr from "ipaddr.js";

/** The proxy every connection goes out through (PROXY_URL), as the guard proxy uses it. */
export interface UpstreamProxy {
  protocol: "http:" | "https:" | "socks4:" | "socks5:";
  host: string;
  port: number;
  username?: string;
  password?: string;
  /** The server's own PROXY_URL, which its operator chose: its address is not judged. A pool's proxy is, on every connection. */
  trusted?: boolean;
  /** The address `host` was judged to resolve to, to connect to instead of looking it up again. */
  address?: string;
}

/** Playwright's proxy settings (`server` with or without a scheme) as an upstream proxy. */
export function parseUpstreamProxy(proxy: { server: string; username?: string; password?: string; trusted?: boolean }): UpstreamProxy {
  const server = /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy.server) ? proxy.server : `http://${proxy.server}`;
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new Error("The proxy address is not a valid URL.");
  }
  const protocols: Record<string, UpstreamProxy["protocol"]> = {
    "http:": "http:",
    "https:": "https:",
    "socks:": "socks4:",
    "socks4:": "socks4:",
    "socks5:": "socks5:",
  };
  const protocol = protocols[url.protocol];
  if (!protocol) throw new Error(`The proxy must be http://, https://, socks4:// or socks5://, not ${url.protocol}//.`);
  const defaultPort = protocol === "http:" ? 80 : protocol === "https:" ? 443 : 1080;
  return {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : defaultPort,
    username: proxy.username ?? (url.username ? decodeURIComponent(url.username) : undefined),
    password: proxy.password ?? (url.password ? decodeURIComponent(url.password) : undefined),
    trusted: proxy.trusted,
  };
}

const CONNECT_TIMEOUT_MS = 15_000;
/** The most an upstream proxy's answer to CONNECT may take before its blank line. */
const MAX_ANSWER_BYTES = 16_384;

/**
 * A TCP connection to the first of `addresses` (already checked) that answers, directly or
 * tunnelled through the upstream proxy. Only addresses are sent upstream, never host names, so
 * the upstream cannot resolve a name to somewhere else.
 */
export async function connectToAny(addresses: string[], port: number, upstream?: UpstreamProxy): Promise<Socket> {
  let lastError: unknown = new Error("no address to connect to");
  for (const address of addresses) {
    try {
      return await connectTo(address, port, upstream);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function connectTo(address: string, port: number, upstream?: UpstreamProxy): Promise<Socket> {
  if (!upstream) return opened(netConnect({ host: address, port }), "connect");
  const host = upstream.address ?? upstream.host;
  const socket =
    upstream.protocol === "https:"
      ? await opened(
          tlsConnect({
            host,
            port: upstream.port,
            servername: isIP(upstream.host) ? undefined : upstream.host,
            ALPNProtocols: ["http/1.1"],
          }),
          "secureConnect",
        )
      : await opened(netConnect({ host, port: upstream.port }), "connect");
  socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error("the upstream proxy did not answer in time")));
  try {
    if (upstream.protocol === "socks5:") await socks5Connect(socket, address, port, upstream);
    else if (upstream.protocol === "socks4:") await socks4Connect(socket, address, port, upstream);
    else await httpConnect(socket, address, port, upstream);
    socket.setTimeout(0);
    return socket;
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

function opened<T extends Socket>(socket: T, event: "connect" | "secureConnect"): Promise<T> {
  // Relayed bytes go on at once: Nagle's algorithm would hold small writes (TLS handshakes, requests) back.
  socket.setNoDelay(true);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => socket.destroy(new Error("the connection timed out")), CONNECT_TIMEOUT_MS);
    socket.once(event, () => {
      clearTimeout(timer);
      socket.off("error", onError);
      resolve(socket);
    });
    const onError = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once("error", onError);
  });
}

async function httpConnect(socket: Socket, address: string, port: number, upstream: UpstreamProxy) {
  const authority = isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`;
  let head = `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n`;
  if (upstream.username !== undefined) {
    head += `Proxy-Authorization: Basic ${Buffer.from(`${upstream.username}:${upstream.password ?? ""}`).toString("base64")}\r\n`;
  }
  socket.write(`${head}\r\n`);
  const answer = await readUntil(socket, (buffered) => {
    const end = buffered.indexOf("\r\n\r\n");
    return end < 0 ? undefined : end + 4;
  });
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer.toString("latin1"))?.[1];
  if (!status?.startsWith("2")) throw new Error(`the upstream proxy refused the connection (${status ?? "no HTTP answer"})`);
}

async function socks5Connect(socket: Socket, address: string, port: number, upstream: UpstreamProxy) {
  const withPassword = upstream.username !== undefined;
  socket.write(Buffer.from(withPassword ? [5, 2, 0x00, 0x02] : [5, 1, 0x00]));
  const [, method] = await readExactly(socket, 2);
  if (method === 0x02 && withPassword) {
    const user = Buffer.from(upstream.username ?? "");
    const pass = Buffer.from(upstream.password ?? "");
    socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    const [, status] = await readExactly(socket, 2);
    if (status !== 0) throw new Error("the upstream SOCKS proxy refused the credentials");
  } else if (method !== 0x00) {
    throw new Error("the upstream SOCKS proxy accepts none of our authentication methods");
  }
  const ip = ipaddr.parse(address);
  socket.write(Buffer.from([5, 1, 0, ip.kind() === "ipv6" ? 4 : 1, ...ip.toByteArray(), port >> 8, port & 0xff]));
  const reply = await readUntil(socket, (b) => {
    if (b.length < 5) return undefined;
    const addressLength = b[3] === 1 ? 4 : b[3] === 4 ? 16 : 1 + (b[4] ?? 0);
    const total = 4 + addressLength + 2;
    return b.length >= total ? total : undefined;
  });
  if (reply[1] !== 0) throw new Error(`the upstream SOCKS proxy refused the connection (code ${reply[1]})`);
}

async function socks4Connect(socket: Socket, address: string, port: number, upstream: UpstreamProxy) {
  if (!isIPv4(address)) throw new Error("a SOCKS4 upstream proxy cannot reach IPv6 addresses");
  const ip = address.split(".").map(Number);
  socket.write(Buffer.concat([Buffer.from([4, 1, port >> 8, port & 0xff, ...ip]), Buffer.from(upstream.username ?? ""), Buffer.from([0])]));
  const reply = await readExactly(socket, 8);
  if (reply[1] !== 0x5a) throw new Error(`the upstream SOCKS proxy refused the connection (code ${reply[1]})`);
}

function readExactly(socket: Socket, length: number): Promise<Buffer> {
  return readUntil(socket, (buffered) => (buffered.length >= length ? length : undefined));
}

/**
 * Reads from the socket until `complete` says how many bytes form the answer. What follows is
 * put back, and the socket is left paused for whoever reads it next (pipe() resumes it).
 */
function readUntil(socket: Socket, complete: (buffered: Buffer) => number | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("error", onError);
      socket.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const used = complete(buffered);
      if (used === undefined) {
        if (buffered.length > MAX_ANSWER_BYTES) {
          cleanup();
          reject(new Error("the upstream proxy's answer is too long"));
        }
        return;
      }
      cleanup();
      socket.pause();
      if (used < buffered.length) socket.unshift(buffered.subarray(used));
      resolve(buffered.subarray(0, used));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error("the upstream proxy closed the connection"));
    };
    socket.on("data", onData);
    socket.on("error", onError);
    socket.on("close", onClose);
    socket.resume(); // paused by the previous read, if any
  });
}
