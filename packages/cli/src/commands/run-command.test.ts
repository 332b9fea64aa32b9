import { createIsolatedTestDb } from "@errand/db/testing";
import { startFakeModelServer, startFixtureSites, type FakeModelServer, type FixtureSites } from "@errand/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnCli } from "../testing/spawn-cli.ts";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
// `errand run` starts a worker: this file gets a database of its own.
const { url, close } = await createIsolatedTestDb();
let model: FakeModelServer;
let sites: FixtureSites;
beforeAll(async () => {
  model = await startFakeModelServer();
  sites = await startFixtureSites();
});
afterAll(async () => {
  await Promise.all([model.close(), sites.close()]);
  await close();
});

const env = () => ({ DATABASE_URL: url, DATA_DIR: "/tmp/errand-cli-test-data", LLM_BASE_URL: model.url, ALLOW_PRIVATE_NETWORK: "true" });

describe("errand run", () => {
  it("prints each step and the result, and exits 0 on success", async () => {
    model.setResponder((req) =>
      req.messages.some((m) => m.text.includes("cli-price"))
        ? { toolCalls: [{ name: "done", arguments: { success: true, text: "It costs $1,299.00" } }] }
        : { hang: true },
    );
    const run = spawnCli(["run", "Find the cli-price of this laptop", "--url", `${sites.url}/shop/product/1007`, "--timeout", "60"], env());
    const code = await run.exited;
    const output = run.output();
    expect(output).toMatch(/Run [0-9a-f-]{36} queued/);
    expect(output).toMatch(/✔ Step 1: done/);
    // Each step once: the last step's event and the run's end arrive together.
    expect(output.match(/Step 1\b/g)).toHaveLength(1);
    expect(output).toContain("Status: success");
    // What it cost: terminal runs are not billed; the fake model counts its tokens.
    expect(output).toMatch(/Execution time: \d+\.\d s\nCost: Not charged\nTokens: [\d,]+ in · [\d,]+ out\n/);
    expect(output).toContain("It costs $1,299.00");
    expect(code).toBe(0);
  });

  it("exits non-zero when the task fails, and 2 without a prompt", async () => {
    model.setResponder((req) =>
      req.messages.some((m) => m.text.includes("cli-impossible"))
        ? { toolCalls: [{ name: "done", arguments: { success: false, text: "There is no such page." } }] }
        : { hang: true },
    );
    const failed = spawnCli(["run", "Do the cli-impossible"], env());
    expect(await failed.exited).toBe(1);
    expect(failed.output()).toContain("Status: failed");
    const usage = spawnCli(["run"], env());
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toMatch(/Usage: errand run/);
  });
});
