import { authContexts } from "@errand/db";
import type { TestDatabase } from "@errand/db/testing";
import type { ChatRequest, ErrandTestServer, FakeTurn } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import type { ICredentialDataDecryptedObject, INode, INodeType } from "n8n-workflow";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, vi } from "vitest";
import {
  PACKAGE_DIR,
  TestCredentialsHelper,
  additionalData,
  buildAndLoadPackage,
  loadOptionsContext,
  makeWorkflow,
  outputOf,
  runWorkflow,
  type LoadedPackage,
} from "./n8n-harness.ts";

// A real Errand server (worker, Chromium, fake model) answering n8n-core's executions.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
let database: TestDatabase;
const it = serverTest.extend("serverOptions", { responder });
let server: ErrandTestServer;
let pkg: LoadedPackage;
let credentials: Record<string, ICredentialDataDecryptedObject>;

const PRODUCT = { name: "Aurora Laptop 14", price: 1299 };
/** "[n8n:json]" answers PRODUCT as JSON; a marketplace table prompt answers one row; "Nowhere" gives up; anything else "Done.". */
function responder(req: ChatRequest): FakeTurn {
  const all = req.messages.map((m) => m.text).join("\n");
  const done = (args: unknown): FakeTurn => ({ toolCalls: [{ name: "done", arguments: args }] });
  if (all.includes("[n8n:json]")) return done({ success: true, data: PRODUCT });
  if (all.includes("Table to extract")) return done({ success: true, data: { rows: [{ Name: "Aurora", Price: 1299 }] } });
  if (all.includes("Nowhere")) return done({ success: false, text: "No such shop." });
  return done({ success: true, text: "Done." });
}

/** n8n's credential test: a declarative node whose request is the credential's `test.request`, run by RoutingNode (as n8n's CredentialsTester does). */
function credentialTestNodeType(): INodeType {
  return {
    description: {
      displayName: "Credential test",
      name: "credentialTest",
      group: ["transform"],
      version: 1,
      description: "",
      defaults: { name: "Credential test" },
      inputs: ["main"],
      outputs: ["main"],
      credentials: [{ name: "errandApi", required: true }],
      requestDefaults: pkgCredentialTestRequest(),
      properties: [{ displayName: "Temp", name: "temp", type: "string", default: "", routing: { request: {} } }],
    },
  };
}
/** A node standing in for whatever gives the Errand node its input items: two shops, with a field no prompt names. */
const SHOPS = [
  { shop: "Lidl, Centro", city: "Madrid", address: { street: "Gran Via 1" } },
  { shop: "Nowhere", city: "Bilbao" },
];
function shopsNodeType(): INodeType {
  return {
    description: {
      displayName: "Shops",
      name: "shops",
      group: ["input"],
      version: 1,
      description: "",
      defaults: { name: "Shops" },
      inputs: [],
      outputs: ["main"],
      properties: [],
    },
    async execute() {
      return [SHOPS.map((json) => ({ json }))];
    },
  };
}

let credentialTestRequest: INodeType["description"]["requestDefaults"];
const pkgCredentialTestRequest = () => credentialTestRequest!;

const errandNode = (name: string, parameters: INode["parameters"], credentialId = "good"): INode => ({
  id: name,
  name,
  type: "n8n-nodes-errand.errand",
  typeVersion: 1,
  position: [0, 0],
  parameters,
  credentials: { errandApi: { id: credentialId, name: "Errand" } },
});

async function runNode(parameters: INode["parameters"], credentialId = "good") {
  const workflow = makeWorkflow(pkg, [errandNode("Errand", parameters, credentialId)]);
  return outputOf(await runWorkflow(workflow, additionalData(new TestCredentialsHelper(pkg, credentials)), "Errand"), "Errand");
}

/** A named key of the account with the read scope only. */
async function readOnlyKey(apiKey: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/api-keys`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ name: "n8n", scopes: ["read"] }),
  });
  return ((await res.json()) as { secret: string }).secret;
}

it.beforeAll(async ({ server: fileServer, database: fileDatabase }) => {
  server = fileServer;
  database = fileDatabase;
  const { apiKey } = await server.signUp();
  credentials = {
    good: { apiKey, baseUrl: `${server.baseUrl}/` },
    bad: { apiKey: "not-a-real-key-0000000000000000", baseUrl: server.baseUrl },
    reader: { apiKey: await readOnlyKey(apiKey), baseUrl: server.baseUrl },
  };
  const built = await buildAndLoadPackage();
  credentialTestRequest = built.credentialType("errandApi").test!.request;
  pkg = await buildAndLoadPackage({ "test.credentialTest": credentialTestNodeType(), "test.shops": shopsNodeType() });
});

describe("the package as n8n loads it", () => {
  it("declares the community package keyword, MIT, n8n-workflow as peer and an n8n block whose files exist after the build", () => {
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8"));
    expect(manifest.keywords).toContain("n8n-community-node-package");
    expect(manifest.license).toBe("MIT");
    expect(manifest.peerDependencies).toHaveProperty("n8n-workflow");
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.files).toContain("dist");
    expect(manifest.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
    for (const file of [...manifest.n8n.credentials, ...manifest.n8n.nodes])
      expect(existsSync(path.join(PACKAGE_DIR, file)), file).toBe(true);
    expect(Object.keys(pkg.loader.nodeTypes).sort()).toEqual(["errand", "errandTrigger"]);
    expect(Object.keys(pkg.loader.credentialTypes)).toEqual(["errandApi"]);
  });

  it("gives both nodes their own icon and codex, and the Errand node is usable as an AI agent tool", () => {
    for (const name of ["errand", "errandTrigger"]) {
      const { description } = pkg.loader.getNode(name).type as INodeType;
      // The loader turns `file:errand.svg` into icons/<package>/<path in the package>.
      const iconUrl = String(description.iconUrl);
      expect(iconUrl).toMatch(/^icons\/n8n-nodes-errand\/dist\/.*errand\.svg$/);
      expect(existsSync(path.join(PACKAGE_DIR, iconUrl.replace("icons/n8n-nodes-errand/", "")))).toBe(true);
      expect(description.codex?.categories).toContain("Productivity");
    }
    const { description } = pkg.loader.getNode("errand").type as INodeType;
    expect(description.usableAsTool).toBe(true);
    const operations = description.properties.find((p) => p.name === "operation")!.options as { value: string; action?: string }[];
    expect(operations.map((o) => o.value)).toEqual(["runTask", "getRun", "runAutomation"]);
    const batchOperations = description.properties.find((p) => p.name === "operation" && p.displayOptions?.show?.resource?.[0] === "batch")!
      .options as { value: string; action?: string }[];
    expect(batchOperations.map((o) => o.value)).toEqual(["startBatch", "getBatch", "getBatchResults"]);
    for (const o of [...operations, ...batchOperations]) expect(o.action, o.value).toBeTruthy();
  });
});

describe("the credential test request", () => {
  const testWith = async (id: string) => {
    const node = { ...errandNode("Credential test", {}, id), type: "test.credentialTest" };
    return runWorkflow(makeWorkflow(pkg, [node]), additionalData(new TestCredentialsHelper(pkg, credentials)), "Credential test");
  };

  it("succeeds with a good key (GET /account answers the account)", async () => {
    const [account] = outputOf(await testWith("good"), "Credential test");
    expect(account).toMatchObject({ email: expect.stringContaining("@example.com") });
  });

  it("fails with a bad key, without the key in the error", async () => {
    const run = await testWith("bad");
    const error = run.data.resultData.runData["Credential test"]![0]!.error!;
    expect(error).toBeDefined();
    expect(JSON.stringify(error)).toMatch(/401|Authorization failed|credentials/i);
    expect(JSON.stringify(error)).not.toContain(credentials.bad!.apiKey);
  });
});

describe("Errand: Run a task", () => {
  it("waits for the run and outputs its result", async () => {
    const [run] = await runNode({ operation: "runTask", prompt: "Say you are done" });
    expect(run).toMatchObject({ status: "success", result: "Done.", prompt: "Say you are done", response_format: "text" });
  });

  it("sends the JSON schema, start URL, time limit and the run's limits, and outputs the parsed data", async () => {
    const schema = { type: "object", properties: { name: { type: "string" }, price: { type: "number" } } };
    const [run] = await runNode({
      operation: "runTask",
      prompt: "Read the laptop's name and price [n8n:json]",
      responseFormat: "json",
      jsonSchema: JSON.stringify(schema),
      options: { startUrl: `${server.sites.url}/shop`, timeLimit: 120, costLimit: 5, stepLimit: 20, atLimit: "ask" },
    });
    expect(run).toMatchObject({
      status: "success",
      response_format: "json",
      json_schema: schema,
      initial_url: `${server.sites.url}/shop`,
      session_timeout: 120,
      max_cost_usd: 5,
      max_steps: 20,
      on_limit: "ask",
      data: PRODUCT,
    });
  });

  it("returns at once with the queued run when Wait for Result is off", async () => {
    const [run] = await runNode({ operation: "runTask", prompt: "Say you are done, later", waitForResult: false });
    expect(run).toMatchObject({ status: "pending", task_id: expect.any(String) });
  });

  it("fails the node with the API's 403 naming the scope a key lacks", async () => {
    await expect(runNode({ operation: "runTask", prompt: "Not allowed", waitForResult: false }, "reader")).rejects.toThrow(
      "This API key lacks the run scope",
    );
  });

  it("fails the node with the API's own message on invalid input", async () => {
    await expect(runNode({ operation: "runTask", prompt: "Too short a limit", options: { timeLimit: 5 } })).rejects.toThrow(
      /session_timeout|invalid/i,
    );
  });
});

describe("Errand: Get a run", () => {
  it("reads a run by ID, with its steps when asked", async () => {
    const [started] = await runNode({ operation: "runTask", prompt: "Say you are done, to read back" });
    const [run] = await runNode({ operation: "getRun", runId: started!.id as string, includeSteps: true });
    expect(run).toMatchObject({ id: started!.id, status: "success", result: "Done." });
    expect(Array.isArray(run!.steps)).toBe(true);
    expect((run!.steps as unknown[]).length).toBeGreaterThan(0);
  });
});

describe("Errand: Batch", () => {
  const task = (id: string) => ({ __rl: true, mode: "id", value: id });
  /** A saved task whose prompt names {{shop}} and {{city}}: made by its first run. */
  const shopTask = async () => {
    const [first] = await runNode({ operation: "runTask", prompt: "Is {{shop}} in {{city}} open?" });
    return first!.task_id as string;
  };

  it("starts one batch from the incoming items, waits for it, reads it and outputs one item per result row; a row's run tells its failure kind", async () => {
    const taskId = await shopTask();
    const workflow = makeWorkflow(
      pkg,
      [
        { id: "Shops", name: "Shops", type: "test.shops", typeVersion: 1, position: [0, 0], parameters: {} },
        errandNode("Errand", {
          resource: "batch",
          operation: "startBatch",
          task: task(taskId),
          rowsFrom: "items",
          waitUntilFinished: true,
        }),
      ],
      { Shops: { main: [[{ node: "Errand", type: "main", index: 0 }]] } },
    );
    const output = outputOf(await runWorkflow(workflow, additionalData(new TestCredentialsHelper(pkg, credentials)), "Shops"), "Errand");
    expect(output).toEqual([
      expect.objectContaining({ task_id: taskId, status: "finished", total_rows: 2, inputs: ["shop", "city"], concurrency: 2 }),
    ]);
    const batch = output[0]!;
    expect(batch.counts).toMatchObject({ success: 1, failed: 1, waiting: 0, running: 0 });

    const [read] = await runNode({ resource: "batch", operation: "getBatch", batchId: batch.id as string });
    expect(read).toMatchObject({ id: batch.id, status: "finished", counts: { success: 1, failed: 1 } });

    const results = await runNode({ resource: "batch", operation: "getBatchResults", batchId: batch.id as string });
    expect(results).toEqual([
      expect.objectContaining({ row: "1", shop: "Lidl, Centro", city: "Madrid", outcome: "success", result: "Done." }),
      expect.objectContaining({ row: "2", shop: "Nowhere", city: "Bilbao", outcome: "failed" }),
    ]);
    const [failed] = await runNode({ operation: "getRun", runId: results[1]!.run_id as string });
    expect(failed).toMatchObject({
      status: "failed",
      failure: { kind: "agent_gave_up", message: expect.stringContaining("No such shop.") },
    });
  });

  it("starts a batch from JSON rows; the same idempotency key outputs the same batch; the API's refusal names the missing input", async () => {
    const taskId = await shopTask();
    const start = { resource: "batch", operation: "startBatch", task: task(taskId), rowsFrom: "json", concurrency: 1 };
    const rows = JSON.stringify([{ shop: "Corner shop", city: "Vigo" }]);
    const [first] = await runNode({ ...start, rows, options: { idempotencyKey: `n8n-${taskId}` } });
    expect(first).toMatchObject({ status: "running", total_rows: 1, concurrency: 1 });
    const [again] = await runNode({ ...start, rows, options: { idempotencyKey: `n8n-${taskId}` } });
    expect(again!.id).toBe(first!.id);
    await expect(runNode({ ...start, rows: JSON.stringify([{ shop: "No city" }]) })).rejects.toThrow(/no value for \{\{city\}\}/);
    await expect(runNode({ ...start, rows: "{not json" })).rejects.toThrow("Rows is not valid JSON");
  });
});

describe("Errand: Run a marketplace automation", () => {
  it("runs the automation with its own prompt, format and schema", async () => {
    const slug = "extract-table-from-any-page";
    const automation = (await (await fetch(`${server.baseUrl}/api/v1/automations/${slug}`)).json()) as Record<string, unknown>;
    const [run] = await runNode({
      operation: "runAutomation",
      automation: { __rl: true, mode: "slug", value: slug },
      options: { startUrl: `${server.sites.url}/shop` },
    });
    expect(run).toMatchObject({
      status: "success",
      prompt: automation.prompt,
      response_format: "json",
      json_schema: automation.json_schema,
      initial_url: `${server.sites.url}/shop`,
      session_timeout: automation.session_timeout,
      data: { rows: [{ Name: "Aurora", Price: 1299 }] },
    });
  });
});

describe("list search", () => {
  const search = async (method: string, filter?: string) => {
    const node = errandNode("Errand", { operation: "runTask", prompt: "x" });
    const workflow = makeWorkflow(pkg, [node]);
    const ctx = loadOptionsContext(workflow, additionalData(new TestCredentialsHelper(pkg, credentials)), node);
    const type = pkg.loader.getNode("errand").type as INodeType;
    return type.methods!.listSearch![method]!.call(ctx, filter);
  };

  it("lists the account's saved logins by name", async () => {
    // Saving a login takes a live browser session; the row such a session leaves is written directly.
    const account = (await (
      await fetch(`${server.baseUrl}/api/v1/account`, { headers: { "x-api-key": credentials.good!.apiKey as string } })
    ).json()) as { id: string };
    const [{ id }] = (await database.db
      .insert(authContexts)
      .values({ userId: account.id, workspaceId: account.id, name: "Partner portal", urls: ["https://partner.example"] })
      .returning()) as unknown as [{ id: string }];
    expect((await search("searchSavedLogins")).results).toEqual([{ name: "Partner portal", value: id }]);
    expect((await search("searchSavedLogins", "nothing like it")).results).toEqual([]);
  });

  it("lists the saved tasks by prompt, and searches them by words of the prompt", async () => {
    const [run] = await runNode({ operation: "runTask", prompt: "Read the opening hours of {{shop}}", waitForResult: false });
    expect((await search("searchTasks", "opening hours")).results).toEqual([
      { name: "Read the opening hours of {{shop}}", value: run!.task_id },
    ]);
  });

  it("searches the marketplace automations by title", async () => {
    const { results } = await search("searchAutomations", "table");
    expect(results).toContainEqual(
      expect.objectContaining({ value: "extract-table-from-any-page", name: "Extract a Table From Any Web Page" }),
    );
  });
});
