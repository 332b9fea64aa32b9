import { tasksRuns } from "@errand/db";
import { createIsolatedTestDb } from "@errand/db/testing";
import { getAutomation, seedAutomations, type AutomationSeed } from "@errand/services/automations";
import { makeTestContext } from "@errand/services/testing";
import { startFakeModelServer, startFixtureSites, type FakeModelServer, type FixtureSites } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnCli } from "../testing/spawn-cli.ts";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
// Recording starts a worker and --missing looks at every automation: a database of its own.
const { db, url, close } = await createIsolatedTestDb();
const ctx = makeTestContext(db);
let model: FakeModelServer;
let sites: FixtureSites;

const automation = (slug: string, over: Partial<AutomationSeed> = {}): AutomationSeed => ({
  slug,
  title: slug,
  description: "d",
  website: "any-website",
  categories: ["research"],
  needAuth: false,
  prompt: `Read the price (${slug})`,
  initialUrl: null,
  responseFormat: "text",
  jsonSchema: null,
  sessionTimeout: 60,
  ...over,
});

beforeAll(async () => {
  model = await startFakeModelServer();
  sites = await startFixtureSites();
  // The model succeeds for "works" automations and gives up on the others.
  model.setResponder((req) => {
    const all = req.messages.map((m) => m.text).join("\n");
    return all.includes("works")
      ? { toolCalls: [{ name: "done", arguments: { success: true, text: "It costs $1,299.00" } }] }
      : { toolCalls: [{ name: "done", arguments: { success: false, text: "The price is not shown." } }] };
  });
  const start = `${sites.url}/shop/product/1007`;
  await seedAutomations({
    ctx,
    input: {
      catalog: [
        automation("price-works", { initialUrl: start }),
        automation("price-fails", { initialUrl: start }),
        automation("inbox-works", { needAuth: true }),
      ],
    },
  });
});
afterAll(async () => {
  await Promise.all([model.close(), sites.close()]);
  await close();
});

const env = () => ({ DATABASE_URL: url, DATA_DIR: "/tmp/errand-cli-test-data", LLM_BASE_URL: model.url, ALLOW_PRIVATE_NETWORK: "true" });
const demoOf = async (slug: string) => (await getAutomation({ ctx, input: { slug } })).run_id;
const runOf = async (id: string) => (await db.select().from(tasksRuns).where(eq(tasksRuns.id, id)))[0]!;

describe("errand automation-demo", () => {
  it("records a demo with the model: the run's steps are printed and, as it succeeded, it becomes the public demo", async () => {
    // --prompt: the catalogue prompt with its placeholders filled in.
    const cli = spawnCli(["automation-demo", "price-works", "--prompt", "Read the price of product 1007 (works)"], env());
    expect(await cli.exited).toBe(0);
    const output = cli.output();
    const runId = /Recording a demo of price-works: run ([0-9a-f-]{36})/.exec(output)?.[1];
    expect(runId, output).toBeDefined();
    expect(output).toMatch(/✔ Step 1: done/);
    expect(output).toContain("Status: success");
    expect(output).toContain(`price-works now replays run ${runId}.`);
    expect(await demoOf("price-works")).toBe(runId);
    expect(await runOf(runId!)).toMatchObject({
      status: "success",
      public: true,
      prompt: "Read the price of product 1007 (works)",
      initialUrl: `${sites.url}/shop/product/1007`,
    });
  });

  // --missing records price-fails, whose run does not succeed: one recording process for both findings.
  it("--missing records every automation without a demo, skipping those that need a saved login, and keeps the demo when the recorded run does not succeed", async () => {
    const cli = spawnCli(["automation-demo", "--missing"], env());
    expect(await cli.exited).toBe(1);
    const output = cli.output();
    expect(output).toContain("Skipping inbox-works: it needs a saved login.");
    // price-works has its demo already: only price-fails is recorded (and fails).
    expect(output).not.toContain("Recording a demo of price-works");
    expect(output).toContain("Recording a demo of price-fails");
    expect(output).not.toContain("Recording a demo of inbox-works");
    expect(await demoOf("inbox-works")).toBeNull();
    expect(output).toContain("Status: failed");
    expect(output).toContain("price-fails keeps its demo: the run did not succeed.");
    expect(await demoOf("price-fails")).toBeNull();

    // Nor can that run be made the demo by hand; a run that succeeded can, and "none" removes it.
    const failedRun = /Recording a demo of price-fails: run ([0-9a-f-]{36})/.exec(output)![1]!;
    const refused = spawnCli(["automation-demo", "price-fails", failedRun], env());
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain("Only a run that succeeded can be an automation's demo (this one is failed).");
    const works = (await demoOf("price-works"))!;
    const linked = spawnCli(["automation-demo", "price-fails", works], env());
    expect(await linked.exited).toBe(0);
    expect(linked.output()).toContain(`price-fails now replays run ${works}.`);
    const removed = spawnCli(["automation-demo", "price-fails", "none"], env());
    expect(await removed.exited).toBe(0);
    expect(removed.output()).toContain("price-fails has no demo run.");
    expect(await demoOf("price-fails")).toBeNull();
  });

  it("explains its usage, and an automation that needs a saved login", async () => {
    const usage = spawnCli(["automation-demo"], env());
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain("Usage: errand automation-demo <slug>");
    const login = spawnCli(["automation-demo", "inbox-works"], env());
    expect(await login.exited).toBe(1);
    expect(login.output()).toContain("inbox-works: This automation needs a saved login");
    const unknown = spawnCli(["automation-demo", "no-such-automation"], env());
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain("no-such-automation: Automation not found.");
  });
});
