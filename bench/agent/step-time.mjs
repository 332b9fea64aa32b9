// Harness time per step: observation (DOM walk + screenshot), the model call (an instant fake
// model on loopback) and the actions, on the fixture sites. Each step's durationMs as the agent
// reports it, p50 and p95, overall and by action.
// Run: npx tsx bench/agent/step-time.mjs [rounds]
import os from "node:os";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { createBrowserManager, createModel, runAgent } from "../../packages/agent/src/index.ts";
import { indexOf } from "../../packages/agent/src/testing/harness.ts";
import { percentile, printFigures, round } from "./lib.mjs";

const rounds = Number(process.argv[2] ?? 6);
const [model, sites] = await Promise.all([startFakeModelServer(), startFixtureSites()]);
const browser = createBrowserManager({ browserPath: process.env.BROWSER_PATH || undefined });
const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] });
const go = (path) => () => call("navigate", { url: `${sites.url}${path}` });
const network = { allowHosts: [sites.url, sites.otherOrigin].map((u) => new URL(u).host) };

/** A tour of the fixture sites: every kind of step a real task has. */
const TOUR = [
  go("/shop"),
  (req) => call("click", { index: indexOf(req, "Aurora Desk Lamp") }),
  () => call("go_back", {}),
  (req) => call("type", { index: indexOf(req, 'placeholder="Search products"'), text: "jacket", press_enter: true }),
  go("/news"),
  () => call("scroll", { direction: "down" }),
  () => call("scroll", { direction: "up" }),
  go("/form"),
  (req) => call("type", { index: indexOf(req, "name=name"), text: "Ada Lovelace" }),
  (req) => call("select_option", { index: indexOf(req, "<select"), option: "Pro" }),
  go("/frames"),
  (req) => call("click", { index: indexOf(req, "Confirm cross-origin") }),
  go("/dropdown"),
  (req) => call("select_option", { index: indexOf(req, "role=combobox"), option: "Berlin" }),
  go("/hover-menu"),
  (req) => call("hover", { index: indexOf(req, "Account") }),
  go("/table"),
  go("/long"),
  () => call("scroll", { direction: "down", pages: 2 }),
  go("/shadow"),
  (req) => call("click", { index: indexOf(req, "Shadow submit") }),
];

/** One tour by the agent in a fresh context: its steps (action, reported duration). */
async function agentRound() {
  model.reset();
  model.setResponder((req, i) => (TOUR[i] ?? (() => call("done", { success: true, text: "ok" })))(req));
  const steps = [];
  const context = await browser.newContext({ network });
  const result = await runAgent({
    task: { prompt: "Tour the fixture sites", responseFormat: "text" },
    model: createModel({ provider: "openai", model: "gpt-4.1", apiKey: "bench", baseUrl: model.url }),
    vision: false,
    context,
    network,
    onEvent: (e) => {
      if (e.type === "step")
        steps.push({ action: e.step.actions[0]?.name ?? "none", ms: e.step.durationMs, ok: e.step.actions.every((a) => a.ok) });
    },
  });
  await context.close();
  if (result.status !== "success") throw new Error(`tour ended ${result.status}: ${result.reason}`);
  return steps;
}

const PATHS = ["/shop", "/news", "/form", "/frames", "/dropdown", "/hover-menu", "/table", "/long", "/shadow"];
/**
 * The baseline: the least any agent does per step (open the page, capture it, read its text) with
 * bare Playwright on the same pages, in a fresh context as the agent's round has.
 */
async function baselineRound() {
  const times = [];
  const context = await browser.newContext({ network });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  for (const p of PATHS) {
    const t = performance.now();
    await page.goto(`${sites.url}${p}`, { waitUntil: "domcontentloaded" });
    await cdp
      .send("Page.captureScreenshot", { format: "jpeg", quality: 60, optimizeForSpeed: true })
      .catch(() => page.screenshot({ type: "jpeg", quality: 60 }));
    await page.evaluate("document.body.innerText");
    times.push(performance.now() - t);
  }
  await context.close();
  return times;
}

try {
  // The agent's rounds and the baseline's take turns (which goes first alternates), so a burst of
  // other work on the machine falls on both alike; round 0 of each warms up and is not counted.
  const steps = [];
  const baseline = [];
  const roundRatios = [];
  for (let r = 0; r < rounds; r++) {
    const agentFirst = r % 2 === 0;
    const first = agentFirst ? await agentRound() : await baselineRound();
    const second = agentFirst ? await baselineRound() : await agentRound();
    const [agentSteps, baseTimes] = agentFirst ? [first, second] : [second, first];
    if (r === 0) continue;
    steps.push(...agentSteps);
    baseline.push(...baseTimes);
    roundRatios.push(
      percentile(
        agentSteps.map((s) => s.ms),
        50,
      ) / percentile(baseTimes, 50),
    );
  }
  const byAction = {};
  for (const s of steps) (byAction[s.action] ??= []).push(s.ms);
  printFigures({
    steps: steps.length,
    failedActions: steps.filter((s) => !s.ok).length,
    p50Ms: round(
      percentile(
        steps.map((s) => s.ms),
        50,
      ),
    ),
    p95Ms: round(
      percentile(
        steps.map((s) => s.ms),
        95,
      ),
    ),
    baselineP50Ms: round(percentile(baseline, 50)),
    ratioToBaseline: round(
      percentile(
        steps.map((s) => s.ms),
        50,
      ) / percentile(baseline, 50),
      2,
    ),
    roundRatios: roundRatios.map((x) => round(x, 2)),
    medianRoundRatio: round(percentile(roundRatios, 50), 2),
    loadAverage: os.loadavg().map((l) => round(l, 1)),
    byAction: Object.fromEntries(
      Object.entries(byAction).map(([a, ms]) => [a, { n: ms.length, p50Ms: round(percentile(ms, 50)), p95Ms: round(percentile(ms, 95)) }]),
    ),
    note: "agent and baseline rounds interleaved, the first of each is warm-up and not counted; a step = observe + screenshot + model call (instant fake) + actions + settle; baseline = bare Playwright goto + screenshot + innerText",
  });
} finally {
  await browser.close();
  await model.close();
  await sites.close();
}
