import { productBrowserPath } from "@errand/testkit";
import { createSocket } from "node:dgram";
import type { Socket as UdpSocket } from "node:dgram";
import { createServer } from "node:http";
import type { Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import type { AddressInfo, Server as TcpServer, Socket } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrowserManager } from "../../browser/create-browser-manager.ts";
import type { BrowserManager } from "../../browser/create-browser-manager.ts";
import { startTestUpstreamProxy } from "../../testing/test-upstream-proxy.ts";
import { createAddressPolicy } from "../address-policy.ts";
import { installNetworkGuard } from "./network-guard.ts";

// Every connection the browser makes is checked, whatever made it. The refused server is on
// loopback like the allowed site, so only the address rule (allowHosts) tells them apart; it
// counts TCP connections, so "refused before connecting" is measured, not inferred.

let refused: { server: Server; url: string; connections: number; sockets: Set<Socket> };
let site: { server: Server; url: string; host: string };
let stun: { socket: UdpSocket; port: number; datagrams: number };
let turn: { server: TcpServer; port: number; connections: number };
let manager: BrowserManager;
let context: BrowserContext | undefined;

const sitePage = () => `<!doctype html><title>Site</title><body>hello
<script>
const REFUSED = ${JSON.stringify(refused.url)};
window.runChecks = async () => {
  const shared = await new Promise((resolve) => {
    const worker = new SharedWorker("/shared.js");
    worker.port.onmessage = (event) => resolve(event.data);
    worker.port.postMessage("go");
  });
  const dedicated = await new Promise((resolve) => {
    const worker = new Worker("/dedicated.js");
    worker.onmessage = (event) => resolve(event.data);
  });
  const page = await fetch(REFUSED + "/page").then((r) => "status " + r.status, () => "failed");
  navigator.sendBeacon(REFUSED + "/beacon", "x");
  return { shared, dedicated, page };
};
window.gatherIce = async (stunPort, turnPort) => {
  const pc = new RTCPeerConnection({ iceServers: [
    { urls: "stun:127.0.0.1:" + stunPort },
    { urls: "turn:127.0.0.1:" + turnPort + "?transport=tcp", username: "u", credential: "p" },
  ] });
  pc.createDataChannel("x");
  const gathered = new Promise((resolve) => {
    pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && resolve("complete");
    setTimeout(() => resolve("still gathering"), 10000);
  });
  await pc.setLocalDescription(await pc.createOffer());
  const state = await gathered;
  pc.close();
  return state;
};
window.openWebTransport = async (port) => {
  const transport = new WebTransport("https://127.0.0.1:" + port + "/");
  return Promise.race([
    transport.ready.then(() => "open", () => "refused"),
    new Promise((resolve) => setTimeout(() => resolve("still opening"), 5000)),
  ]);
};
</script>`;

const SHARED_WORKER = () => `
onconnect = (event) => {
  const port = event.ports[0];
  port.onmessage = async () => {
    const allowed = await fetch("/data").then((r) => r.text(), () => "failed");
    const refused = await fetch(${JSON.stringify(`${refused.url}/shared`)}).then((r) => "status " + r.status, () => "failed");
    const socket = await new Promise((resolve) => {
      const ws = new WebSocket(${JSON.stringify(`${refused.url.replace("http:", "ws:")}/socket`)});
      ws.onopen = () => resolve("open");
      ws.onerror = () => resolve("error");
    });
    port.postMessage({ allowed, refused, socket });
  };
};`;

const DEDICATED_WORKER = () =>
  `fetch(${JSON.stringify(`${refused.url}/dedicated`)}).then((r) => postMessage("status " + r.status), () => postMessage("failed"));`;

async function listen(server: Server | TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const refusedServer = createServer((_req, res) => res.end("internal secrets"));
  refused = { server: refusedServer, url: "", connections: 0, sockets: new Set() };
  refusedServer.on("connection", (socket) => {
    refused.connections++;
    refused.sockets.add(socket);
  });
  refused.url = `http://127.0.0.1:${await listen(refusedServer)}`;

  const siteServer = createServer((req, res) => {
    const scripts: Record<string, () => string> = { "/shared.js": SHARED_WORKER, "/dedicated.js": DEDICATED_WORKER };
    const script = scripts[req.url ?? ""];
    if (script) return void res.writeHead(200, { "content-type": "text/javascript" }).end(script());
    if (req.url === "/data")
      return void res.writeHead(200, { "content-type": "text/plain", "access-control-allow-origin": "*" }).end("allowed data");
    res.writeHead(200, { "content-type": "text/html" }).end(sitePage());
  });
  const sitePort = await listen(siteServer);
  site = { server: siteServer, url: `http://127.0.0.1:${sitePort}`, host: `127.0.0.1:${sitePort}` };

  const udp = createSocket("udp4");
  stun = { socket: udp, port: 0, datagrams: 0 };
  udp.on("message", () => stun.datagrams++);
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  stun.port = udp.address().port;

  const turnServer = createTcpServer((socket) => {
    turn.connections++;
    socket.destroy();
  });
  turn = { server: turnServer, port: 0, connections: 0 };
  turn.port = await listen(turnServer);

  // The full browser as shipped opens connections of its own that the headless shell never does (ADR 0034).
  manager = createBrowserManager({ browserPath: productBrowserPath() });
});
afterAll(async () => {
  await manager?.close();
  for (const s of refused?.sockets ?? []) s.destroy();
  await Promise.all([refused?.server, site?.server, turn?.server].map((s) => s && new Promise((resolve) => s.close(resolve))));
  stun?.socket.close();
});
beforeEach(() => {
  refused.connections = 0;
  stun.datagrams = 0;
  turn.connections = 0;
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A round trip through the browser and this process's guard proxy: connections made before it have been accepted. */
async function settle(page: Page) {
  expect(await page.evaluate(`fetch("/data").then((r) => r.text())`)).toBe("allowed data");
}

describe("every connection of the agent's browser", () => {
  it("reaches no refused address from a page or any of its workers, and each refusal is reported", async () => {
    context = await manager.newContext({ network: { allowHosts: [site.host] } });
    const guard = await installNetworkGuard(context, createAddressPolicy({ allowHosts: [site.host] }));
    const page = await context.newPage();
    await page.goto(site.url);
    const results = await page.evaluate("runChecks()");
    await settle(page);
    expect(refused.connections).toBe(0);
    expect(results).toEqual({
      // The shared worker still reaches what is allowed.
      shared: { allowed: "allowed data", refused: "failed", socket: "error" },
      dedicated: "failed",
      page: "failed",
    });
    // The shared worker's requests are seen only by the guard proxy; the agent is told all the same.
    expect(guard.drainBlocked().map((b) => b.url)).toEqual(expect.arrayContaining([`${refused.url}/shared`]));
    await guard.dispose();
  });

  it("refuses an iframe pointed at a refused address before any connection to it", async () => {
    context = await manager.newContext({ network: { allowHosts: [site.host] } });
    const guard = await installNetworkGuard(context, createAddressPolicy({ allowHosts: [site.host] }));
    const page = await context.newPage();
    await page.goto(site.url);
    await page.evaluate(
      `document.body.append(Object.assign(document.createElement("iframe"), { src: ${JSON.stringify(`${refused.url}/frame`)} }))`,
    );
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f.url() === `${refused.url}/frame`)
            ?.textContent("body")
            .catch(() => ""),
        { timeout: 10_000 },
      )
      .toContain("Blocked by Errand");
    await settle(page);
    expect(refused.connections).toBe(0);
    await guard.dispose();
  });

  it("shows the Blocked by Errand page for a navigation only the guard proxy judged", async () => {
    context = await manager.newContext({ network: { allowHosts: [site.host] } });
    const page = await context.newPage();
    const response = await page.goto(`${refused.url}/admin`);
    expect(response?.status()).toBe(403);
    expect(await page.textContent("h1")).toBe("Blocked by Errand");
    expect(refused.connections).toBe(0);
  });

  it("sends no UDP around the proxy: none to a STUN server or a WebTransport server, no TCP to a refused TURN server", async () => {
    context = await manager.newContext({ network: { allowHosts: [site.host] } });
    const page = await context.newPage();
    await page.goto(site.url);
    const gathering = await page.evaluate(`gatherIce(${stun.port}, ${turn.port})`);
    const webTransport = await page.evaluate(`openWebTransport(${stun.port})`);
    await settle(page);
    expect({ gathering, webTransport, datagrams: stun.datagrams, turnConnections: turn.connections }).toEqual({
      gathering: "complete",
      webTransport: "refused",
      datagrams: 0,
      turnConnections: 0,
    });
  });

  it("goes out through the upstream proxy with its credentials, and refused targets never reach it", async () => {
    const upstream = await startTestUpstreamProxy({ username: "agent", password: "s3cret" });
    try {
      // The server's own PROXY_URL (trusted): on loopback here, as an operator's may be on the private network.
      context = await manager.newContext({
        proxy: { server: upstream.server, username: "agent", password: "s3cret", trusted: true },
        network: { allowHosts: [site.host] },
      });
      const page = await context.newPage();
      await page.goto(site.url);
      expect(await page.textContent("body")).toContain("hello");
      await page.evaluate("runChecks()");
      await settle(page);
      expect(refused.connections).toBe(0);
      const auth = `Basic ${Buffer.from("agent:s3cret").toString("base64")}`;
      expect(upstream.received.length).toBeGreaterThan(0);
      for (const r of upstream.received) expect(r).toEqual({ line: `CONNECT ${site.host}`, authorization: auth });
    } finally {
      await context?.close();
      context = undefined;
      await upstream.close();
    }
  });
});
