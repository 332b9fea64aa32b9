import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { TEST_CHROMIUM_ARGS } from "../packages/testkit/src/browser/launch-test-chromium.ts";
import { testBrowserPath } from "../packages/testkit/src/browser/test-browser-path.ts";

const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
// Decided once in the main process; workers inherit these through the environment.
process.env.E2E_PORT ??= freePort();
process.env.E2E_BILLING_OFF_PORT ??= freePort();
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "errand-e2e-"));
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
mkdirSync(path.join(process.env.E2E_DATA_DIR, "billing-off"), { recursive: true, mode: 0o755 });
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const offPort = Number(process.env.E2E_BILLING_OFF_PORT);
const root = path.resolve(import.meta.dirname, "..");

/** The built app (npm test builds apps/web first) with a fresh embedded Postgres in a temp dir. */
const server = (serverPort: number, dataDir: string, env: Record<string, string> = {}) => ({
  // e2e/server/start-e2e-server.ts starts the fakes (model, fixture sites, SMTP, Stripe, OAuth) beside it.
  command: `${path.join(root, "node_modules/.bin/tsx")} ${path.join(root, "e2e/server/start-e2e-server.ts")}`,
  url: `http://localhost:${serverPort}/api/health`,
  timeout: 90_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
  env: {
    PORT: String(serverPort),
    BASE_URL: `http://localhost:${serverPort}`,
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    ADMIN_EMAILS: "admin@errand.test",
    LOG_LEVEL: "info",
    // Many accounts are made from one address here; the limit itself is tested in the API tests.
    AUTH_RATE_LIMIT: "200",
    // More run slots than the tests hold at once (limits.spec.ts keeps 10 runs running): a run a
    // test waits on never queues behind another test's.
    WORKER_CONCURRENCY: "12",
    // Schedules' ticks every second (e2e/schedules.spec.ts) instead of 15 s.
    SCHEDULER_INTERVAL_MS: "1000",
    ...env,
  },
});

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A bound for a test that hangs, on a machine npm test keeps busy (docs/adr/0029-test-lanes.md).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(process.env.E2E_DATA_DIR, "report.json") }],
    // Documents loaded per test and spec, when asked for (e2e/fixtures.ts).
    ...(process.env.E2E_COUNT_LOADS === "1" ? [["./page-load-reporter.ts"] as [string]] : []),
  ],
  outputDir: path.join(process.env.E2E_DATA_DIR, "results"),
  use: {
    baseURL,
    // Recording a trace (a screencast and DOM snapshots) costs more CPU than many tests: off unless
    // asked for (`npm run test:e2e -- --trace on`). A failure keeps its screenshot.
    trace: "off",
    screenshot: "only-on-failure",
    // Spinners and skeletons hold still (the app honours the setting): an endless animation kept
    // the test browser repainting on every pending page (docs/adr/0029-test-lanes.md).
    reducedMotion: "reduce",
    launchOptions: {
      // The browser that plays the person: the headless shell when installed (testkit's
      // testBrowserPath, ADR 0034).
      executablePath: testBrowserPath(),
      args: TEST_CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "desktop", use: { viewport: { width: 1280, height: 800 } } }],
  webServer: [
    // Most runs the tests start go through this server, in the headless shell too (ADR 0034);
    // the self-hosted one below keeps Chromium as shipped (BROWSER_PATH).
    server(port, process.env.E2E_DATA_DIR, { BROWSER_PATH: testBrowserPath() }),
    // A self-hosted installation: BILLING=off (e2e/billing-off.spec.ts), whose operator priced the
    // fake model's tokens, so runs have a model spend to cap (e2e/spending.spec.ts).
    server(offPort, path.join(process.env.E2E_DATA_DIR, "billing-off"), {
      BILLING: "off",
      MODEL_PRICES: JSON.stringify({ "gpt-4.1": { input: 100, output: 100 } }),
    }),
  ],
});
