import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { TEST_CHROMIUM_ARGS } from "../packages/testkit/src/browser/launch-test-chromium.ts";

// Decided once in the main process; workers inherit these through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "errand-e2e-"));
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(process.env.E2E_DATA_DIR, "report.json") }]],
  outputDir: path.join(process.env.E2E_DATA_DIR, "results"),
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.BROWSER_PATH || "/usr/bin/chromium",
      args: TEST_CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The built app (npm test builds apps/web first), a fresh embedded Postgres in a temp dir,
    // with a fake model and the fixture websites beside it (e2e/server/start-e2e-server.ts).
    command: `${path.join(root, "node_modules/.bin/tsx")} ${path.join(root, "e2e/server/start-e2e-server.ts")}`,
    url: `${baseURL}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "test",
      ADMIN_EMAILS: "admin@errand.test",
      LOG_LEVEL: "warn",
      // Many accounts are made from one address here; the limit itself is tested in the API tests.
      AUTH_RATE_LIMIT: "200",
    },
  },
});
