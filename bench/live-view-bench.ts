// Benchmark of the live browser (ADR 0004), one run on this machine (`node_modules/.bin/tsx bench/live-view-bench.ts`; it
// rewrites its own section of docs/benchmarks.md): the live viewer over loopback through the real
// server (its WebSocket, token check and screencast) against fixture pages.
// - frame rate and frame size on a page that changes every animation frame, and on a still page
// - input-to-frame latency: a key typed into a text field until the frame showing it arrives,
//   next to the socket's own ping round trip on the same connection (the floor)
// - memory per open login session: Chromium's proportional set size (PSS) and the server's heap
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { localCaller } from "@errand/services/accounts";
import { openLoginSession } from "@errand/services/auth-contexts";
import { startFixtureSites } from "@errand/testkit";
import { connectTestViewer, type TestViewer } from "../apps/server/src/testing/live-client.ts";
import { startBenchServer } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";

const SESSIONS = 6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const sites = await startFixtureSites();
const bench = await startBenchServer("live", {
  BILLING: "off",
  ALLOW_PRIVATE_NETWORK: "true",
  LIVE_SESSIONS_PER_USER: String(SESSIONS + 2),
  BROWSER_PATH: process.env.BROWSER_PATH ?? "",
});
const { ctx, server } = bench;
const caller = await localCaller({ ctx, input: { email: "bench@errand.local" } });

async function open(url: string): Promise<TestViewer> {
  const session = await openLoginSession({ ctx, caller, input: { urls: [url] } });
  const viewer = await connectTestViewer(server.url, session.debug_url);
  await viewer.waitFor(() => viewer.messages.some((m) => m.type === "state" && !m.loading) && viewer.frames > 0, "the page", 20_000);
  return viewer;
}

/** Frames and bytes received during `ms`. */
async function measureFrames(viewer: TestViewer, ms: number) {
  const from = viewer.frameLog.length;
  await sleep(ms);
  const frames = viewer.frameLog.slice(from);
  return {
    fps: round(frames.length / (ms / 1000)),
    kbPerFrame: frames.length ? round(frames.reduce((s, f) => s + f.bytes, 0) / frames.length / 1024) : 0,
  };
}

// 1. Frame rate: an animated page, then a still one.
const animated = await open(`${sites.url}/animation`);
await sleep(1000);
const animation = await measureFrames(animated, 5000);
animated.close();
const still = await open(`${sites.url}/login`);
await sleep(1500);
const idle = await measureFrames(still, 3000);

// 2. Input to frame: the e-mail field has focus; each key repaints it, which makes the next frame.
const inputMs: number[] = [];
for (let i = 0; i < 60; i++) {
  const before = still.frameLog.length;
  const sent = performance.now();
  const ch = String.fromCharCode(97 + (i % 26));
  still.send({ type: "key", action: "down", key: ch, code: `Key${ch.toUpperCase()}`, text: ch, modifiers: 0 });
  still.send({ type: "key", action: "up", key: ch, code: `Key${ch.toUpperCase()}`, modifiers: 0 });
  await still.waitFor(() => still.frameLog.length > before, "a frame after the key", 5_000);
  inputMs.push(still.frameLog[before]!.at - sent);
  await sleep(120);
}
const rttMs: number[] = [];
for (let i = 0; i < 60; i++) {
  const t = performance.now();
  const count = still.messages.length;
  still.send({ type: "ping", t });
  await still.waitFor(() => still.messages.slice(count).some((m) => m.type === "pong" && m.t === t), "the pong");
  rttMs.push(performance.now() - t);
}
still.close();
await ctx.live!.sessions.closeAll();
await sleep(1000);

// 3. Memory: Chromium's PSS (every process under this one) and the server's heap, before and after.
function chromiumPssKb(): number {
  const out = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map<number, number[]>();
  for (const line of out.trim().split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        const rollup = readFileSync(`/proc/${child}/smaps_rollup`, "utf8");
        total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      } catch {
        // gone
      }
      walk(child);
    }
  };
  walk(process.pid);
  return total;
}
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const warm = await open(`${sites.url}/login`); // the browser itself, so the baseline counts it
warm.close();
await ctx.live!.sessions.closeAll();
await sleep(1500);
gc();
const pssBefore = chromiumPssKb();
const heapBefore = process.memoryUsage().heapUsed;
const viewers: TestViewer[] = [];
for (let i = 0; i < SESSIONS; i++) viewers.push(await open(`${sites.url}/login`));
await sleep(2000);
gc();
const pssAfter = chromiumPssKb();
const heapAfter = process.memoryUsage().heapUsed;
for (const v of viewers) v.close();

const result = {
  animation,
  idle,
  inputToFrame: { p50: round(pct(inputMs, 50)), p95: round(pct(inputMs, 95)) },
  pingRtt: { p50: round(pct(rttMs, 50), 2), p95: round(pct(rttMs, 95), 2) },
  perSession: {
    chromiumMb: round((pssAfter - pssBefore) / 1024 / SESSIONS),
    serverHeapMb: round((heapAfter - heapBefore) / 2 ** 20 / SESSIONS, 2),
  },
  chromiumBaselineMb: round(pssBefore / 1024),
};
console.log(`RESULT ${JSON.stringify(result)}`);

writeBenchSection(
  "## Live browser (bench/live-view-bench.ts)",
  `## Live browser (bench/live-view-bench.ts)

The live viewer over loopback through the real server (token check, WebSocket, CDP screencast at
JPEG quality 70, 1280x800), fixture pages, ${new Date().toISOString().slice(0, 10)}. Frames are only sent when the page
changes; every frame is acknowledged at once, so an animated page streams as fast as Chromium
paints it.

| measure | result | compared with |
|---|---|---|
| frame rate, page animating every frame | ${animation.fps} fps (${animation.kbPerFrame} KB a frame) | |
| frame rate, still page (only the caret of the focused field blinks) | ${idle.fps} fps | |
| key typed → frame showing it, p50 / p95 | ${result.inputToFrame.p50} / ${result.inputToFrame.p95} ms | x ${round(result.inputToFrame.p50 / (1000 / 60))} a 60 Hz frame (16.7 ms) at p50; the socket's own round trip is ${result.pingRtt.p50} / ${result.pingRtt.p95} ms, so the time is Chromium painting and encoding |
| memory per open login session, Chromium (PSS) | ${result.perSession.chromiumMb} MB | the browser with no session: ${result.chromiumBaselineMb} MB |
| memory per open login session, server heap | ${result.perSession.serverHeapMb} MB | |

Memory is measured with ${SESSIONS} sessions open on the fixture login page, each with a viewer connected.
`,
);

await bench.close();
await sites.close();
process.exit(0);
