// Benchmark (docs/bot-walls.md), one run on this machine (`node_modules/.bin/tsx bench/captcha-bench.ts [rounds]`):
// 1. What the captcha check adds to a step when no challenge appears: detectChallenges (the
//    loop's check before each observation) on fixture pages without a challenge, interleaved
//    with the step's own observation of the same page in the same run; the ratio is printed.
// 2. Solve time and success on the fixture challenges with the fake solver service (both
//    protocols), from detection to the answer in place, in a fresh context each time.
import { loadavg } from "node:os";
import { FAKE_CAPTCHA_CLIENT_KEY, startFakeCaptchaSolver, startFixtureSites } from "@errand/testkit";
import { createBrowserManager } from "../packages/agent/src/browser/create-browser-manager.ts";
import { createObserver } from "../packages/agent/src/observe/create-observer.ts";
import { detectChallenges } from "../packages/agent/src/captcha/detect-challenges.ts";
import { solveChallengesOnPage } from "../packages/agent/src/captcha/solve-challenges-on-page.ts";
import { createCaptchaSolver } from "../packages/agent/src/captcha/solver-client.ts";

const ROUNDS = Number(process.argv[2] ?? 100);
const SOLVES = 10;
const browserPath = process.env.BROWSER_PATH || "/usr/bin/chromium";
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

const [sites, fake] = await Promise.all([startFixtureSites(), startFakeCaptchaSolver()]);
const manager = createBrowserManager({ browserPath });
const network = { allowPrivate: true };

// 1. The check on pages without a challenge (one with iframes: one evaluate per frame).
const PAGES = ["/shop", "/news", "/frames", "/long"];
const observer = createObserver({});
console.log(`| Page (no challenge) | Frames | Check median ms | Check p95 ms | Observation median ms | Check / observation |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const path of PAGES) {
  const context = await manager.newContext({ network });
  const page = await context.newPage();
  await page.goto(sites.url + path, { waitUntil: "load" });
  for (let i = 0; i < 10; i++) await detectChallenges(page); // warm
  await observer.observe(page);
  const check: number[] = [];
  const observe: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    const found = await detectChallenges(page);
    check.push(performance.now() - t);
    if (found.length) throw new Error(`${path} has a challenge`);
    if (i % 5 === 0) {
      t = performance.now();
      await observer.observe(page);
      observe.push(performance.now() - t);
    }
  }
  const ratio = median(check) / median(observe);
  console.log(
    `| ${path} | ${page.frames().length} | ${ms(median(check))} | ${ms(p95(check))} | ${ms(median(observe))} | ${(ratio * 100).toFixed(1)} % |`,
  );
  await context.close();
}

// 2. Solves with the fake solver.
const CHALLENGES = [
  "/challenge-recaptcha-v2",
  "/challenge-recaptcha-v3",
  "/challenge-hcaptcha",
  "/challenge-turnstile",
  "/challenge-image",
  "/challenge-interstitial",
];
console.log("");
console.log(`| Fixture challenge | Protocol | Solved | Median ms | p95 ms |`);
console.log(`| --- | --- | ---: | ---: | ---: |`);
for (const protocol of ["task", "form"] as const) {
  const solver = createCaptchaSolver({ url: fake.url, key: FAKE_CAPTCHA_CLIENT_KEY, protocol, pollMs: { first: 5, max: 20 } });
  for (const path of CHALLENGES) {
    let ok = 0;
    const times: number[] = [];
    for (let i = 0; i < SOLVES; i++) {
      const context = await manager.newContext({ network });
      const page = await context.newPage();
      await page.goto(sites.url + path, { waitUntil: "load" });
      const [outcome] = await solveChallengesOnPage(page, solver);
      if (outcome?.ok) ok++;
      if (outcome) times.push(outcome.ms);
      await context.close();
    }
    console.log(
      `| ${path} | ${protocol} | ${ok}/${SOLVES} | ${times.length ? ms(median(times)) : "-"} | ${times.length ? ms(p95(times)) : "-"} |`,
    );
  }
}
console.log("");
console.log(
  `Rounds ${ROUNDS} (check), ${SOLVES} solves a row; fake solver answers on its 2nd poll (first after 5 ms); load average ${loadavg()[0]!.toFixed(2)} on ${process.env.BENCH_MACHINE ?? "this machine"}.`,
);

await manager.close();
await Promise.all([sites.close(), fake.close()]);
