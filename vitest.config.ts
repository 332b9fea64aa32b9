import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "integrations/*/test/**/*.test.ts", "deploy/tests/**/*.test.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
    // Two cores: keep the pool small so Postgres and Chromium get their share.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
