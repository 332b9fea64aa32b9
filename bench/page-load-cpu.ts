// Benchmark (`npx tsx bench/page-load-cpu.ts`, about 10 minutes; rewrites its own section of
// docs/benchmarks.md): what one load of a signed-in page costs the browser, the e2e suite's
// largest CPU item (about 750 loads a run). Two builds of apps/web side by side in one run:
// BASELINE_WEB_DIR (a build of the commit to compare against, e.g. main's apps/web/dist copied
// aside) and this tree's (built first unless PAGE_LOAD_SKIP_BUILD=1), each served by its own HTTP
// server over one runtime (one database, one account). Each page is loaded PAGE_LOAD_ROUNDS
// times per build in a fresh browser context of the browser the e2e suite uses (the headless
// shell), the builds alternating, and the renderer's CPU time read from Chromium's own counters
// (Performance.getMetrics: ProcessTime, ThreadTime) once the page is idle. CPU time, not the
// tasks' wall time: a busy machine stretches the latter.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { startServer } from "@errand/server";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { serverDeps } from "../packages/cli/src/runtime/server-deps.ts";
import { TEST_CHROMIUM_ARGS } from "../packages/testkit/src/browser/launch-test-chromium.ts";
import { testBrowserPath } from "../packages/testkit/src/browser/test-browser-path.ts";
import { manyRunsEnv, startBenchRuntime } from "./bench-server.ts";
import { chromiumCpu, chromiumCpuSince } from "./chromium-cpu.ts";
import { writeBenchSection } from "./write-section.ts";

const HEADING = "## Page load in the browser (bench/page-load-cpu.ts)";
const ROOT = path.resolve(import.meta.dirname, "..");
const NEW_WEB_DIR = path.join(ROOT, "apps/web/dist");
const BASELINE_WEB_DIR = process.env.BASELINE_WEB_DIR ?? "";
const ROUNDS = Number(process.env.PAGE_LOAD_ROUNDS ?? 8);
/** A page is idle when its main thread has done less than this in one poll interval. */
const IDLE_MS_PER_POLL = 2;
const POLL_MS = 250;
/** PAGE_LOAD_PROFILE=1: a CPU profile of one load of each page and build (into /tmp), the functions that took most printed. */
const PROFILE = process.env.PAGE_LOAD_PROFILE === "1";
/** PAGE_LOAD_SCREENSHOTS=<dir>: full-page screenshots of each page and build at 1280 and 390 px first. */
const SHOTS = process.env.PAGE_LOAD_SCREENSHOTS ?? "";

if (!BASELINE_WEB_DIR || !existsSync(path.join(BASELINE_WEB_DIR, "index.html"))) {
  process.stderr.write("Set BASELINE_WEB_DIR to a built apps/web/dist to compare against (e.g. main's, copied aside).\n");
  process.exit(1);
}
if (process.env.PAGE_LOAD_SKIP_BUILD !== "1") {
  execFileSync("npm", ["run", "build", "-w", "@errand/web"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
}

// Runs finish at once: the fake model says done on the first turn.
const [model, sites] = await Promise.all([startFakeModelServer(), startFixtureSites()]);
model.setResponder(() => ({
  toolCalls: [{ name: "done", arguments: { success: true, text: "The page's title is Fixture." } }],
  usage: { prompt_tokens: 1000, completion_tokens: 20 },
}));
const ports = { before: freePort(), after: freePort() };
// The runtime's own address is neither build's: the screenshots it signs for runs point there,
// so both builds show their thumbnails alike (refused by the page's CSP), not one build's only.
const origin = `http://localhost:${freePort()}`;
const bench = await startBenchRuntime("page-load", {
  ...manyRunsEnv(model.url),
  BROWSER_PATH: testBrowserPath(),
  BASE_URL: origin,
});
const builds = { before: await serveBuild(BASELINE_WEB_DIR, ports.before), after: await serveBuild(NEW_WEB_DIR, ports.after) };
type BuildName = keyof typeof builds;

const cookies = await signUp(builds.after.url);
const worker = await bench.runtime.startWorker(2);
const taskId = await finishedTask(builds.after.url, cookies);
await worker.stop(1000);
const routes: Record<string, string> = {
  Dashboard: "/dashboard",
  "a task's page": `/tasks/${taskId}`,
  "Task History": "/tasks",
  "API Keys": "/api-keys",
  Automations: "/automations",
};

const browser = await chromium.launch({ executablePath: testBrowserPath(), args: TEST_CHROMIUM_ARGS });
if (SHOTS) {
  // The two builds side by side, to look at: each page at a desktop's and a phone's width.
  mkdirSync(SHOTS, { recursive: true });
  for (const [route, pathname] of Object.entries(routes))
    for (const name of ["before", "after"] as const) await screenshots(browser, name, route, pathname);
  process.stdout.write(`Screenshots in ${SHOTS}\n`);
}
if (PROFILE) {
  // Where a load's time goes, for finding what to cut: one CPU profile per page and build, no figures.
  for (const [route, pathname] of Object.entries(routes))
    for (const name of ["before", "after"] as const) await profile(browser, name, route, pathname);
  await browser.close();
  await Promise.all([builds.before.close(), builds.after.close(), bench.close(), model.close(), sites.close()]);
  process.exit(0);
}
interface Sample {
  /** The renderer process's CPU time (every thread), from its start: a fresh context starts one. */
  process: number;
  /** Its main thread's CPU time. */
  thread: number;
  chromium: number;
}
const samples = new Map<string, Sample[]>();
const startLoad = loadavg()[0]!;
// One load of each page and build first, not counted: the server's and the disk's first answers.
for (const pathname of Object.values(routes)) for (const name of ["before", "after"] as const) await load(browser, name, pathname);
for (let round = 0; round < ROUNDS; round++) {
  // Which build goes first alternates by round, so neither always meets the machine's state first.
  const order: BuildName[] = round % 2 === 0 ? ["before", "after"] : ["after", "before"];
  for (const [route, pathname] of Object.entries(routes))
    for (const name of order) {
      const key = `${route}:${name}`;
      samples.set(key, [...(samples.get(key) ?? []), await load(browser, name, pathname)]);
    }
}
const load1 = `load average ${startLoad.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end on ${cpus().length} cores`;
await browser.close();
const rows = Object.keys(routes).map((route) => row(route, samples.get(`${route}:before`)!, samples.get(`${route}:after`)!));
process.stdout.write(`RESULT ${JSON.stringify({ load: load1, rows })}\n`);
writeSection(rows, load1);
await Promise.all([builds.before.close(), builds.after.close()]);
await bench.close();
await Promise.all([model.close(), sites.close()]);
process.exit(0);

/** An HTTP server over the bench's runtime that serves the web app built in `webDir`, as `errand serve` does. */
async function serveBuild(webDir: string, port: number) {
  const url = `http://localhost:${port}`;
  const server = await startServer({ ...serverDeps(bench.runtime), webDir, port, host: "127.0.0.1", baseUrl: url, trustProxy: 0 });
  return { url, close: () => server.close() };
}

function freePort() {
  return Number(
    execFileSync(process.execPath, [
      "-e",
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );
}

/** A new account through the API the signup screen calls, as the e2e helpers make one; its session cookies. */
async function signUp(baseUrl: string) {
  const email = `page-load-${Date.now()}@example.test`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "secret123" }),
  });
  if (!response.ok) throw new Error(`Sign-up answered ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie().map((line) => {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1), domain: "localhost", path: "/" };
  });
}

/** A task with three finished runs (Task History and the task's page show something), through the web app's own API. */
async function finishedTask(baseUrl: string, jar: { name: string; value: string }[]) {
  const headers = {
    "content-type": "application/json",
    origin: baseUrl,
    cookie: jar.map((c) => `${c.name}=${c.value}`).join("; "),
  };
  const api = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const created = (await api("POST", "/runs", { prompt: `Go to ${sites.url} and say its title` })) as { task_id: string; id: string };
  const runs = [created.id];
  for (let i = 0; i < 2; i++)
    runs.push(
      ((await api("POST", `/tasks/${created.task_id}/runs`, { prompt: `Go to ${sites.url} and say its title` })) as { id: string }).id,
    );
  for (const id of runs)
    await until(async () => ["success", "failed", "error", "cancelled"].includes((await api("GET", `/runs/${id}`)).status as string));
  return created.task_id;
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("A run did not finish in 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One load of the page in a fresh context (a renderer of its own); its renderer's counters once it is idle. */
async function load(browser: Browser, name: BuildName, pathname: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const cpuBefore = chromiumCpu();
  await page.goto(builds[name].url + pathname, { waitUntil: "load" });
  await page.locator("h1").first().waitFor();
  const metrics = await idleMetrics(page, cdp);
  const chromiumMs = chromiumCpuSince(cpuBefore);
  await context.close();
  return { process: metrics.ProcessTime! * 1000, thread: metrics.ThreadTime! * 1000, chromium: chromiumMs };
}

/** The renderer's counters once its main thread has gone quiet (two polls in a row under IDLE_MS_PER_POLL). */
async function idleMetrics(page: Page, cdp: CDPSession) {
  const read = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  let last = await read();
  let quiet = 0;
  for (let polls = 0; quiet < 2 && polls < 40; polls++) {
    await page.waitForTimeout(POLL_MS);
    const now = await read();
    quiet = (now.TaskDuration! - last.TaskDuration!) * 1000 < IDLE_MS_PER_POLL ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

async function screenshots(browser: Browser, name: BuildName, route: string, pathname: string) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(builds[name].url + pathname, { waitUntil: "networkidle" });
    await page.locator("h1").first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, `${route.replace(/\W+/g, "-")}-${width}-${name}.png`), fullPage: true });
    await context.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** One load with V8's sampling profiler on: the profile into /tmp, the 25 functions with most self time printed. */
async function profile(browser: Browser, name: BuildName, route: string, pathname: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(builds[name].url + pathname, { waitUntil: "load" });
  await page.locator("h1").first().waitFor();
  await idleMetrics(page, cdp);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await context.close();
  const file = `/tmp/page-load-${route.replace(/\W+/g, "-")}-${name}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  process.stdout.write(
    `\n${route}, ${name} (${file}):\n${top.map(([key, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${key}`).join("\n")}\n`,
  );
}

function row(route: string, before: Sample[], after: Sample[]) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const of = (samples: Sample[], key: keyof Sample) => Math.round(median(samples.map((s) => s[key])));
  return {
    route,
    processBefore: of(before, "process"),
    processAfter: of(after, "process"),
    threadBefore: of(before, "thread"),
    threadAfter: of(after, "thread"),
    chromiumBefore: of(before, "chromium"),
    chromiumAfter: of(after, "chromium"),
  };
}

function writeSection(rows: ReturnType<typeof row>[], load: string) {
  const ratio = (after: number, before: number) => (after / before).toFixed(2);
  const table = rows.map(
    (r) =>
      `| ${r.route} | ${r.processBefore} ms | ${r.processAfter} ms | ${ratio(r.processAfter, r.processBefore)} | ${r.threadBefore} / ${r.threadAfter} ms | ${r.chromiumBefore} / ${r.chromiumAfter} ms |`,
  );
  const sum = (key: "processBefore" | "processAfter") => rows.reduce((total, r) => total + r[key], 0);
  writeBenchSection(
    HEADING,
    `${HEADING}

One load of a signed-in page in the e2e suite's browser (the headless shell, a fresh context per
load, 1280 x 800, reduced motion), the build before and after in the same run, alternating;
median of ${ROUNDS} loads each. Renderer CPU: Chromium's ProcessTime of the page's renderer once
the page is idle (from the renderer's start: a fresh context starts one, which both builds pay
alike); main thread: its ThreadTime; all Chromium: every Chromium process's CPU over the load
(the browser process's share of a new context included). ${new Date().toISOString().slice(0, 10)}, ${load}.

| page | renderer CPU before | after | ratio | main thread before / after | all Chromium before / after |
|---|---|---|---|---|---|
${table.join("\n")}
| the five together | ${sum("processBefore")} ms | ${sum("processAfter")} ms | ${ratio(sum("processAfter"), sum("processBefore"))} | | |
`,
  );
}
