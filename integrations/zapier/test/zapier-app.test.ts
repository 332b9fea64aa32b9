// The Zapier app run by zapier-platform-core's own app tester against a real Errand server
// (worker, Chromium, fake model) on loopback; Errand's deliveries land in a loopback receiver
// that stands in for Zapier's hook and callback URLs.
import { createRequire } from "node:module";
import type { ChatRequest, ErrandTestServer, FakeTurn } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { afterAll, describe, expect, vi } from "vitest";
import { startLoopbackReceiver, type LoopbackReceiver, type ReceivedPost } from "./loopback-receiver.ts";

type Bundle = Record<string, unknown>;
type Run = { id: string; status: string; result: string | null; webhook_url: string | null; prompt: string; [key: string]: unknown };
type AppTester = (method: unknown, bundle?: Bundle) => Promise<unknown>;
type AppHandler = (event: Record<string, unknown>) => Promise<{ results: unknown; status: string }>;
interface ZapierApp {
  authentication: { test: unknown; connectionLabel: unknown };
  triggers: Record<string, { display: Record<string, unknown>; operation: Record<string, unknown> }>;
  creates: Record<string, { operation: Record<string, unknown> }>;
  searches: Record<string, { operation: Record<string, unknown> }>;
}

const require = createRequire(import.meta.url);
const zapier = require("zapier-platform-core") as {
  createAppTester(app: ZapierApp): AppTester;
  createAppHandler(app: ZapierApp): AppHandler;
};
const App = require("../index.js") as ZapierApp;
const appTester = zapier.createAppTester(App);

// "[fail]" in a prompt makes the fake model give up: a failed run.
const responder = (req: ChatRequest): FakeTurn => {
  const failing = req.messages.some((m) => m.text.includes("[fail]"));
  return {
    toolCalls: [{ name: "done", arguments: failing ? { success: false, text: "Nothing there." } : { success: true, text: "Done." } }],
  };
};

// The real server with its worker, Chromium and the fake model: a few seconds per run.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const it = serverTest.extend("serverOptions", { responder });
let server: ErrandTestServer;
let receiver: LoopbackReceiver;
let apiKey: string;
let email: string;
let authData: { base_url: string; api_key: string };
it.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  ({ apiKey, email } = await server.signUp());
  authData = { base_url: server.baseUrl, api_key: apiKey };
  receiver = await startLoopbackReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

/** Errand's API called directly, to arrange and to check what the app did. */
async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: { "x-api-key": apiKey, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) };
}
const createRun = async (prompt: string) => (await api("POST", "/runs", { prompt })).body as { id: string };
/** The run delivery that reached `path` for this run. */
const deliveryOf = (path: string, runId: string): Promise<ReceivedPost> =>
  receiver.next((post) => post.path === path && (post.body.run as Run | undefined)?.id === runId);
/** The app's error: z.errors.Error carries { message, code, status } as JSON. */
const appError = async (work: Promise<unknown>) =>
  JSON.parse(((await work.catch((e: unknown) => e)) as Error).message) as { message: string; code: string; status: number };

const finishedRun = App.triggers.finished_run!.operation;
const runTask = App.creates.run_task!.operation;

describe("authentication", () => {
  it("tests the connection with the account and labels it with the account's e-mail", async () => {
    const account = (await appTester(App.authentication.test, { authData })) as { email: string };
    expect(account.email).toBe(email);
    expect(await appTester(App.authentication.connectionLabel, { authData, inputData: account })).toBe(email);
  });

  it("accepts the server address with a trailing slash or /api/v1", async () => {
    for (const base of [`${server.baseUrl}/`, `${server.baseUrl}/api/v1/`]) {
      const account = (await appTester(App.authentication.test, { authData: { ...authData, base_url: base } })) as { email: string };
      expect(account.email).toBe(email);
    }
  });

  it("turns a bad key into an AuthenticationError that does not contain the key", async () => {
    const badKey = `${apiKey.slice(0, -4)}xxxx`;
    const error = await appError(appTester(App.authentication.test, { authData: { ...authData, api_key: badKey } }));
    expect(error).toMatchObject({ code: "AuthenticationError", status: 401 });
    expect(JSON.stringify(error)).not.toContain(badKey);
  });
});

describe("the Finished Run trigger", () => {
  it("subscribes an account webhook to the Zap's URL, passes on the run Errand delivered, and unsubscribes", async () => {
    const targetUrl = `${receiver.url}/hooks/finished`;
    const subscribeData = (await appTester(finishedRun.performSubscribe, {
      authData,
      targetUrl,
      inputData: { event: "run.finished" },
    })) as {
      id: string;
      [key: string]: unknown;
    };
    expect(subscribeData).toMatchObject({ url: targetUrl, events: ["run.finished"], description: "Zapier: Finished Run" });
    expect(subscribeData).not.toHaveProperty("secret");
    expect((await api("GET", `/webhooks/${subscribeData.id}`)).body).toMatchObject({ id: subscribeData.id, url: targetUrl });

    const run = await createRun("Say you are done");
    const delivery = await deliveryOf("/hooks/finished", run.id);
    expect(delivery.body).toMatchObject({ event: "run.finished", webhook_id: subscribeData.id });
    const runs = (await appTester(finishedRun.perform, { authData, subscribeData, cleanedRequest: delivery.body })) as Run[];
    expect(runs).toEqual([expect.objectContaining({ id: run.id, status: "success", result: "Done." })]);

    await appTester(finishedRun.performUnsubscribe, { authData, subscribeData });
    expect((await api("GET", `/webhooks/${subscribeData.id}`)).status).toBe(404);
    // A webhook already deleted in Errand unsubscribes quietly.
    await appTester(finishedRun.performUnsubscribe, { authData, subscribeData });
  });

  it("ignores Errand's test delivery", async () => {
    const targetUrl = `${receiver.url}/hooks/test`;
    const subscribeData = (await appTester(finishedRun.performSubscribe, { authData, targetUrl, inputData: {} })) as { id: string };
    expect((await api("POST", `/webhooks/${subscribeData.id}/test`)).body).toMatchObject({ ok: true });
    const delivery = await receiver.next((post) => post.path === "/hooks/test");
    expect(delivery.body.event).toBe("webhook.test");
    expect(await appTester(finishedRun.perform, { authData, subscribeData, cleanedRequest: delivery.body })).toEqual([]);
    await appTester(finishedRun.performUnsubscribe, { authData, subscribeData });
  });

  it("subscribes to failed runs only when asked, and lists recent ended runs of that kind in full, newest first", async () => {
    const targetUrl = `${receiver.url}/hooks/failed`;
    const subscribeData = (await appTester(finishedRun.performSubscribe, { authData, targetUrl, inputData: { event: "run.failed" } })) as {
      id: string;
    };
    expect(subscribeData).toMatchObject({ events: ["run.failed"] });
    const failed = await createRun("Open the page that is not there [fail]");
    const delivery = await deliveryOf("/hooks/failed", failed.id);
    expect(delivery.body).toMatchObject({ event: "run.failed", run: { id: failed.id, status: "failed" } });
    await appTester(finishedRun.performUnsubscribe, { authData, subscribeData });

    const failedOnly = (await appTester(finishedRun.performList, { authData, inputData: { event: "run.failed" } })) as Run[];
    expect(failedOnly.map((r) => r.id)).toEqual([failed.id]);
    expect(failedOnly[0]).toMatchObject({
      status: "failed",
      status_reason: expect.stringContaining("Nothing there."),
      failure: { kind: "agent_gave_up", message: expect.stringContaining("Nothing there.") },
    });

    const all = (await appTester(finishedRun.performList, { authData, inputData: {} })) as Run[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all[0]!.id).toBe(failed.id);
    expect(all.every((r) => r.status !== "pending" && typeof r.id === "string" && "result" in r)).toBe(true);
  });
});

describe("the Run Task action", () => {
  const perform = (inputData: Bundle, callbackUrl: string) =>
    zapier.createAppHandler(App)({
      command: "execute",
      method: "creates.run_task.operation.perform",
      bundle: { authData, inputData },
      callback_url: callbackUrl,
    });

  it("gives the run Zapier's callback URL, pauses the Zap, and resumes with the run Errand delivered there", async () => {
    const callbackUrl = `${receiver.url}/callback/1`;
    const started = await perform(
      { prompt: "Say you are done", session_timeout: "120", max_cost_usd: "0.5", max_steps: "20", on_limit: "ask" },
      callbackUrl,
    );
    expect(started.status).toBe("CALLBACK");
    const pending = started.results as Run;
    expect(pending).toMatchObject({
      prompt: "Say you are done",
      webhook_url: callbackUrl,
      session_timeout: 120,
      max_cost_usd: 0.5,
      max_steps: 20,
      on_limit: "ask",
    });

    const delivery = await deliveryOf("/callback/1", pending.id);
    const finished = (await appTester(runTask.performResume, {
      authData,
      inputData: {},
      outputData: pending,
      cleanedRequest: delivery.body,
    })) as Run;
    expect(finished).toMatchObject({ id: pending.id, status: "success", result: "Done." });
  });

  it("without waiting, gives the queued run at once and no callback", async () => {
    const started = await perform({ prompt: "Say you are done, quickly", wait: "no" }, `${receiver.url}/callback/unused`);
    expect(started.status).not.toBe("CALLBACK");
    expect(started.results).toMatchObject({ prompt: "Say you are done, quickly", webhook_url: null });
  });

  it("fills empty fields from the chosen automation and sends a JSON schema given as text", async () => {
    const automations = (await appTester(App.triggers.automation_list!.operation.perform, { authData })) as { slug: string }[];
    const slug = automations[0]!.slug;
    const automation = (await api("GET", `/automations/${slug}`)).body as { prompt: string; initial_url: string | null };
    const started = await perform({ automation: slug, wait: "false" }, `${receiver.url}/callback/unused`);
    expect(started.results).toMatchObject({ prompt: automation.prompt, initial_url: automation.initial_url });

    const schema = { type: "object", properties: { answer: { type: "string" } } };
    const json = await perform(
      { prompt: "Answer in JSON", response_format: "json", json_schema: JSON.stringify(schema), wait: "no" },
      `${receiver.url}/x`,
    );
    expect(json.results).toMatchObject({ response_format: "json", json_schema: schema });
  });

  it("refuses a missing prompt and invalid JSON Schema text before creating anything, and passes on Errand's own refusals", async () => {
    const before = ((await api("GET", "/runs?limit=50")).body as { runs: unknown[] }).runs.length;
    expect(await appError(appTester(runTask.perform, { authData, inputData: { wait: "no" } }))).toMatchObject({ code: "InvalidInput" });
    expect(
      await appError(appTester(runTask.perform, { authData, inputData: { prompt: "x", json_schema: "{not json", wait: "no" } })),
    ).toMatchObject({
      message: "JSON Schema is not valid JSON.",
    });
    expect(((await api("GET", "/runs?limit=50")).body as { runs: unknown[] }).runs.length).toBe(before);
    const refused = await appError(appTester(runTask.perform, { authData, inputData: { prompt: "x", session_timeout: "5", wait: "no" } }));
    expect(refused).toMatchObject({ status: 400, message: expect.stringContaining("session_timeout") });
  });

  it("passes on the 403 of a key without the run scope, naming the scope", async () => {
    const made = (await api("POST", "/api-keys", { name: "zapier", scopes: ["read"] })).body as { secret: string };
    const reader = { ...authData, api_key: made.secret };
    expect(await appError(appTester(runTask.perform, { authData: reader, inputData: { prompt: "x", wait: "no" } }))).toMatchObject({
      status: 403,
      code: "forbidden",
      message: "This API key lacks the run scope",
    });
  });
});

describe("batches: Run Task Over a List, Batch Finished and Find Batch", () => {
  type Batch = { id: string; status: string; total_rows: number; counts: Record<string, number>; [key: string]: unknown };
  const runBatch = () => App.creates.run_batch!.operation;
  const batchFinished = () => App.triggers.batch_finished!.operation;

  it("offers the task's inputs as line items, runs the task over them, and the Batch Finished hook passes on the ended batch", async () => {
    const task = ((await api("POST", "/runs", { prompt: "Is {{shop}} in {{city}} open?" })).body as { task_id: string }).task_id;
    const tasks = (await appTester(App.triggers.task_list!.operation.perform, { authData, meta: { page: 0 } })) as {
      id: string;
      label: string;
    }[];
    expect(tasks[0]).toEqual(expect.objectContaining({ id: task, label: "Is {{shop}} in {{city}} open?" }));
    const [rowField] = runBatch().inputFields as unknown[];
    expect(rowField).toMatchObject({ key: "task_id", altersDynamicFields: true });
    const fields = (await appTester((runBatch().inputFields as unknown[])[1], { authData, inputData: { task_id: task } })) as unknown[];
    expect(fields).toEqual([
      expect.objectContaining({
        key: "rows",
        children: [expect.objectContaining({ key: "shop" }), expect.objectContaining({ key: "city" })],
      }),
    ]);

    const targetUrl = `${receiver.url}/hooks/batches`;
    const subscribeData = (await appTester(batchFinished().performSubscribe, { authData, targetUrl, inputData: {} })) as { id: string };
    expect(subscribeData).toMatchObject({ url: targetUrl, events: ["batch.finished"], description: "Zapier: Batch Finished" });
    expect(subscribeData).not.toHaveProperty("secret");

    const rows = [
      { shop: "Lidl", city: "Madrid" },
      { shop: "Nowhere [fail]", city: "Bilbao" },
    ];
    const started = (await appTester(runBatch().perform, {
      authData,
      inputData: { task_id: task, rows, concurrency: "2", idempotency_key: `zap-${task}` },
    })) as Batch;
    expect(started).toMatchObject({ task_id: task, status: "running", total_rows: 2, concurrency: 2, inputs: ["shop", "city"] });
    // A Zap that retries with the same key gets the same batch.
    const again = (await appTester(runBatch().perform, {
      authData,
      inputData: { task_id: task, rows_json: JSON.stringify(rows), idempotency_key: `zap-${task}` },
    })) as Batch;
    expect(again.id).toBe(started.id);

    const delivery = await receiver.next(
      (post) => post.path === "/hooks/batches" && (post.body.batch as Batch | undefined)?.id === started.id,
    );
    const [ended] = (await appTester(batchFinished().perform, { authData, subscribeData, cleanedRequest: delivery.body })) as Batch[];
    expect(ended).toMatchObject({ id: started.id, status: "finished", counts: { success: 1, failed: 1, waiting: 0, running: 0 } });
    expect(await appTester(batchFinished().perform, { authData, subscribeData, cleanedRequest: { event: "webhook.test" } })).toEqual([]);
    const listed = (await appTester(batchFinished().performList, { authData, inputData: {} })) as Batch[];
    expect(listed[0]).toMatchObject({ id: started.id, status: "finished" });
    await appTester(batchFinished().performUnsubscribe, { authData, subscribeData });
    expect((await api("GET", `/webhooks/${subscribeData.id}`)).status).toBe(404);

    const findBatch = App.searches.find_batch!.operation;
    expect(await appTester(findBatch.perform, { authData, inputData: { batch_id: started.id } })).toEqual([
      expect.objectContaining({ id: started.id, status: "finished", total_rows: 2 }),
    ]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await appTester(findBatch.perform, { authData, inputData: { batch_id: unknown } })).toEqual([]);
  });

  it("refuses rows that are neither line items nor a JSON list before asking Errand, and passes on Errand's refusal of a missing input", async () => {
    const task = ((await api("POST", "/runs", { prompt: "Say {{word}}" })).body as { task_id: string }).task_id;
    const perform = (inputData: Bundle) =>
      appError(appTester(runBatch().perform, { authData, inputData: { task_id: task, ...inputData } }));
    expect(await perform({})).toMatchObject({ code: "InvalidInput", message: "Give the rows as line items or as Rows (JSON)." });
    expect(await perform({ rows_json: "[{" })).toMatchObject({ code: "InvalidInput", message: "Rows (JSON) is not valid JSON." });
    expect(await perform({ rows_json: '{"word": "hi"}' })).toMatchObject({ message: "Rows (JSON) must be a list of objects." });
    expect(await perform({ rows_json: '[{"other": "x"}]' })).toMatchObject({ status: 400, message: expect.stringContaining("{{word}}") });
  });
});

describe("the Find Run search", () => {
  it("finds a run by its id and finds nothing for an unknown id", async () => {
    const run = await createRun("Say you are done");
    const found = (await appTester(App.searches.find_run!.operation.perform, { authData, inputData: { run_id: run.id } })) as Run[];
    expect(found).toEqual([expect.objectContaining({ id: run.id, prompt: "Say you are done" })]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await appTester(App.searches.find_run!.operation.perform, { authData, inputData: { run_id: unknown } })).toEqual([]);
  });
});

describe("the dropdowns", () => {
  it("lists the marketplace's automations with slug and title", async () => {
    const automations = (await appTester(App.triggers.automation_list!.operation.perform, { authData })) as {
      id: string;
      slug: string;
      title: string;
    }[];
    expect(automations.length).toBeGreaterThan(0);
    for (const a of automations) expect(a).toMatchObject({ id: expect.any(String), slug: expect.any(String), title: expect.any(String) });
  });

  it("lists the account's auth contexts with a label naming their websites", async () => {
    const urls = [`${server.sites.url}/login`];
    const opened = await api("POST", "/auth-contexts/sessions", { urls });
    expect(opened).toMatchObject({ status: 201 });
    const saved = await api("POST", "/auth-contexts", { name: "Demo shop", urls, session_id: (opened.body as { id: string }).id });
    expect(saved.status).toBe(201);
    const contexts = (await appTester(App.triggers.auth_context_list!.operation.perform, { authData })) as { id: string; label: string }[];
    expect(contexts).toEqual([expect.objectContaining({ id: (saved.body as { id: string }).id, label: `Demo shop (${urls[0]})` })]);
  });
});

describe("schema validation", () => {
  const validate = async (app: unknown) =>
    (await zapier.createAppHandler(app as ZapierApp)({ command: "validate" })).results as { stack: string }[];

  it("passes zapier-platform-schema's validation of the whole app (what `zapier validate` runs locally)", async () => {
    expect(await validate(App)).toEqual([]);
  });

  it("fails for a misspelt display property, so the validation does catch mistakes", async () => {
    const display = { ...App.triggers.finished_run!.display, hiddden: true };
    const broken = { ...App, triggers: { ...App.triggers, finished_run: { ...App.triggers.finished_run, display } } };
    const problems = await validate(broken);
    expect(problems.map((p) => p.stack)).toEqual([expect.stringContaining('additional property "hiddden"')]);
  });
});
