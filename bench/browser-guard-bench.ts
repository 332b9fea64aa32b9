// Benchmark of the guard proxy (docs/security.md, "The agent's browser"), one run on this machine (`node_modules/.bin/tsx bench/browser-guard-bench.ts`;
// it rewrites its own section of docs/benchmarks.md): what the guard proxy (every connection of
// the agent's browser goes through it) costs a page load. The same pages load in contexts with
// and without the proxy, interleaved in one run, and the ratio is reported.
// - a page with 50 subresources spread over 3 origins, over http (the proxy parses and forwards
//   each request) and over https with HTTP/2 (the proxy relays CONNECT tunnels)
// - cold: a fresh context (new connections); warm: the same page again in that context
// - the floor under it: one small request on a kept-alive connection, and opening a connection
//   (TCP connect, or CONNECT through the proxy), from Node without a browser
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import { createSecureServer } from "node:http2";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import os, { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { launchTestChromium } from "@errand/testkit";
import type { Browser } from "playwright-core";
import { createAddressPolicy } from "../packages/agent/src/safety/address-policy.ts";
import { startGuardProxy } from "../packages/agent/src/safety/network/guard-proxy.ts";
import { writeBenchSection } from "./write-section.ts";

const ROUNDS = Number(process.argv[2] ?? 15);
const loadBefore = loadavg()[0]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

// A GIF of 1x1 pixel carrying `size` bytes in comment blocks: a valid image of a realistic weight.
function gif(size: number): Buffer {
  const head = Buffer.from("474946383961010001008000000000ffffff", "hex");
  const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
  for (let left = size; left > 0; left -= 255) blocks.push(Buffer.from([Math.min(255, left)]), Buffer.alloc(Math.min(255, left), 0x61));
  blocks.push(Buffer.from([0]));
  const image = Buffer.from("2c00000000010001000002024401003b", "hex");
  return Buffer.concat([head, ...blocks, image]);
}

const ASSETS: Record<string, { type: string; body: Buffer }> = {
  css: { type: "text/css", body: Buffer.from(`/*${"x".repeat(15_000)}*/ body { margin: 0 }`) },
  js: { type: "text/javascript", body: Buffer.from(`/*${"x".repeat(30_000)}*/ window.loaded = (window.loaded || 0) + 1;`) },
  gif: { type: "image/gif", body: gif(20_000) },
};

function pageHtml(origins: string[], round: string): string {
  const at = (i: number) => origins[i % origins.length];
  const tags: string[] = [];
  for (let i = 0; i < 10; i++) tags.push(`<link rel="stylesheet" href="${at(i)}/a/${i}.css?r=${round}">`);
  for (let i = 0; i < 20; i++) tags.push(`<script defer src="${at(i + 1)}/a/${i}.js?r=${round}"></script>`);
  for (let i = 0; i < 20; i++) tags.push(`<img alt="" src="${at(i + 2)}/a/${i}.gif?r=${round}">`);
  return `<!doctype html><title>Bench</title>${tags.join("\n")}<p>${"Lorem ipsum dolor sit amet. ".repeat(400)}</p>`;
}

type Handler = (url: URL, origin: string) => { status: number; type: string; body: Buffer | string };
const origins: Record<"http" | "https", string[]> = { http: [], https: [] };
const handle: Handler = (url, origin) => {
  const ext = /\.(\w+)$/.exec(url.pathname)?.[1] ?? "";
  const asset = ASSETS[ext];
  if (asset) return { status: 200, type: asset.type, body: asset.body };
  const list = origin.startsWith("https") ? origins.https : origins.http;
  return { status: 200, type: "text/html; charset=utf-8", body: pageHtml(list, url.searchParams.get("r") ?? "0") };
};

const certDir = mkdtempSync(path.join(tmpdir(), "errand-bench-cert-"));
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    path.join(certDir, "key.pem"),
    "-out",
    path.join(certDir, "cert.pem"),
  ],
  { stdio: "ignore" },
);
const tls = { key: readFileSync(path.join(certDir, "key.pem")), cert: readFileSync(path.join(certDir, "cert.pem")) };

const servers: { close(): void }[] = [];
for (let i = 0; i < 3; i++) {
  const http = createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    const out = handle(new URL(req.url ?? "/", origin), origin);
    res.writeHead(out.status, { "content-type": out.type, "cache-control": "no-store" }).end(out.body);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  origins.http.push(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  const https = createSecureServer({ ...tls, allowHTTP1: true }, (req, res) => {
    const origin = `https://${req.headers[":authority"] ?? req.headers.host}`;
    const out = handle(new URL(req.url ?? "/", origin), origin);
    res.writeHead(out.status, { "content-type": out.type, "cache-control": "no-store" }).end(out.body);
  });
  await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
  origins.https.push(`https://127.0.0.1:${(https.address() as AddressInfo).port}`);
  servers.push(http, https);
}

const browser: Browser = await launchTestChromium();
// The proxy as the browser manager starts it for a context whose rule allows these origins.
const allowHosts = [...origins.http, ...origins.https].map((o) => new URL(o).host);
const proxy = await startGuardProxy({ policy: createAddressPolicy({ allowHosts }) });

type Mode = "direct" | "proxy";
const times: Record<"http" | "https", Record<Mode, { cold: number[]; warm: number[] }>> = {
  http: { direct: { cold: [], warm: [] }, proxy: { cold: [], warm: [] } },
  https: { direct: { cold: [], warm: [] }, proxy: { cold: [], warm: [] } },
};

async function loadTwice(scheme: "http" | "https", mode: Mode, r: number) {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    serviceWorkers: "block",
    proxy: mode === "proxy" ? { server: proxy.server, bypass: "<-loopback>" } : undefined,
  });
  const page = await context.newPage();
  for (const kind of ["cold", "warm"] as const) {
    const t = performance.now();
    await page.goto(`${origins[scheme][0]}/?r=${r}-${kind}`, { waitUntil: "load" });
    const ms = performance.now() - t;
    if ((await page.evaluate("window.loaded")) !== 20) throw new Error(`${scheme} ${mode}: not every script loaded`);
    if (r > 0) times[scheme][mode][kind].push(ms);
  }
  await context.close();
}

/** Milliseconds per call of `fn`, median of `n` after 20 warm-up calls. */
async function median(n: number, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const t = performance.now();
    await fn();
    if (i >= 20) ms.push(performance.now() - t);
  }
  return pct(ms, 50);
}
const target = new URL(origins.http[0]!);
const proxyPort = Number(new URL(proxy.server).port);
const get = (agent: Agent, viaProxy: boolean) =>
  new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      viaProxy
        ? { agent, host: "127.0.0.1", port: proxyPort, path: `${target.origin}/a/0.css`, headers: { host: target.host } }
        : { agent, host: target.hostname, port: Number(target.port), path: "/a/0.css" },
      (res) => res.resume().on("end", resolve),
    );
    req.on("error", reject).end();
  });
const open = (viaProxy: boolean) =>
  new Promise<void>((resolve, reject) => {
    const socket = connect(viaProxy ? { host: "127.0.0.1", port: proxyPort } : { host: target.hostname, port: Number(target.port) });
    socket.on("error", reject);
    if (!viaProxy) return void socket.on("connect", () => (socket.destroy(), resolve()));
    socket.on("connect", () => socket.write(`CONNECT ${target.host} HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`));
    socket.once("data", () => (socket.destroy(), resolve()));
  });
const floor = { request: { direct: 0, proxy: 0 }, connection: { direct: 0, proxy: 0 } };

try {
  for (const mode of ["direct", "proxy"] as const) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    floor.request[mode] = await median(500, () => get(agent, mode === "proxy"));
    agent.destroy();
    floor.connection[mode] = await median(300, () => open(mode === "proxy"));
  }
  for (let r = 0; r <= ROUNDS; r++) {
    for (const scheme of ["http", "https"] as const) {
      // Alternate which goes first, so load on the machine falls on both alike.
      const order: Mode[] = r % 2 === 0 ? ["direct", "proxy"] : ["proxy", "direct"];
      for (const mode of order) await loadTwice(scheme, mode, r);
    }
  }
} finally {
  await proxy.close();
  await browser.close();
  for (const s of servers) s.close();
  rmSync(certDir, { recursive: true, force: true });
}

const row = (scheme: "http" | "https", kind: "cold" | "warm") => {
  const direct = pct(times[scheme].direct[kind], 50);
  const viaProxy = pct(times[scheme].proxy[kind], 50);
  return { direct: round(direct), proxy: round(viaProxy), ratio: round(viaProxy / direct, 2) };
};
const floorRow = (r: { direct: number; proxy: number }) => ({
  direct: round(r.direct, 2),
  proxy: round(r.proxy, 2),
  ratio: round(r.proxy / r.direct, 2),
});
const result = {
  rounds: ROUNDS,
  load: [round(loadBefore, 1), round(loadavg()[0]!, 1)],
  request: floorRow(floor.request),
  connection: floorRow(floor.connection),
  http: { cold: row("http", "cold"), warm: row("http", "warm") },
  https: { cold: row("https", "cold"), warm: row("https", "warm") },
};
console.log(`RESULT ${JSON.stringify(result)}`);

const line = (label: string, r: { direct: number; proxy: number; ratio: number }) =>
  `| ${label} | ${r.direct} ms | ${r.proxy} ms | ${r.ratio} |`;
writeBenchSection(
  "## Browser guard proxy (bench/browser-guard-bench.ts)",
  `## Browser guard proxy (bench/browser-guard-bench.ts)

Every connection of the agent's browser goes through a guard proxy in the Node process, which
checks the target's addresses before connecting. Page load (to the load event) of a page with 50
subresources (10 stylesheets, 20 scripts, 20 images, about 1 MB) on 3 loopback origins, with and
without the proxy, interleaved in one run; median of ${ROUNDS} loads each, ${new Date().toISOString().slice(0, 10)}, load average
${result.load[0]} at the start and ${result.load[1]} at the end (${os.cpus().length} cores), so page-load ratios move by about 0.2 from run
to run either way. Cold: a fresh context (new connections); warm: the same page again in that
context. The floor below is what the proxy itself adds: a fraction of a millisecond per request
and per connection, against page loads of hundreds of milliseconds.

| load | without the proxy | through the proxy | ratio |
|---|---|---|---|
${line("http, cold", result.http.cold)}
${line("http, warm", result.http.warm)}
${line("https (HTTP/2 in CONNECT tunnels), cold", result.https.cold)}
${line("https (HTTP/2 in CONNECT tunnels), warm", result.https.warm)}

The floor under it, from Node without a browser (median of 500 and 300):

| step | without the proxy | through the proxy | ratio |
|---|---|---|---|
${line("one 15 KB http request on a kept-alive connection", result.request)}
${line("opening a connection (TCP connect / CONNECT answered)", result.connection)}
`,
);
process.exit(0);
