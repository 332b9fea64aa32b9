import path from "node:path";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./scripts/vitest/longest-first.ts";

/*
 * Three tiers, run together by `vitest run` (and `npm test`), or one at a time with
 * `--project unit|postgres|browser` (docs/adr/0029-test-lanes.md):
 * - unit: pure logic, no database and no browser.
 * - postgres: the services, the server, the SDKs (TypeScript and Python), MCP, the CLI and the integrations on a real
 *   Postgres (the global setup starts it, or uses TEST_DATABASE_URL).
 * - browser: the agent, the worker and testkit's fixtures in real Chromium (and Postgres).
 */
const UNIT = [
  "packages/{contract,config,content,network-rule}/src/**/*.test.ts",
  "apps/web/src/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "deploy/tests/{chart-env,chart-templates,container-files}.test.ts",
];
const POSTGRES = [
  "packages/{db,services,sdk,mcp,cli}/src/**/*.test.ts",
  "apps/server/src/**/*.test.ts",
  "integrations/*/test/**/*.test.ts",
  "sdks/*/*.test.ts",
  "deploy/tests/entrypoint.test.ts",
];
const BROWSER = ["packages/{agent,worker,testkit}/src/**/*.test.ts"];
const withPostgres = { globalSetup: ["./vitest.global-setup.ts"] };

export default defineConfig({
  test: {
    // Three files at once on two cores: the tests wait on browsers, Postgres and timers for most
    // of their time (about 1.1 cores busy on average at three; ADR 0029).
    maxWorkers: 3,
    // A worker imports each module once for all its files (nothing a file keeps outlives it but
    // what the database holds; ADR 0029).
    isolate: false,
    // Node's own resolution parses drizzle-orm's 137 KB export map for each of its files: the
    // resolve hook the errand binary uses answers those (docs/adr/0064-quick-module-resolution.md).
    execArgv: ["--import", path.join(import.meta.dirname, "packages/cli/bin/quick-resolve.mjs")],
    // Longest files first across the tiers, from durations kept in the repository (a fresh
    // clone has no results cache to order by).
    sequence: { sequencer: LongestFirst },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT } },
      { extends: true, test: { name: "postgres", include: POSTGRES, ...withPostgres } },
      { extends: true, test: { name: "browser", include: BROWSER, ...withPostgres } },
    ],
  },
});
