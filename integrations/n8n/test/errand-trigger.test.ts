import type { ErrandTestServer } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  IDataObject,
  INode,
  INodeType,
  IWebhookData,
  IWebhookResponseData,
  IWorkflowExecuteAdditionalData,
  Workflow,
} from "n8n-workflow";
import { afterAll, describe, expect, vi } from "vitest";
import {
  TestCredentialsHelper,
  additionalData,
  buildAndLoadPackage,
  hookContext,
  makeWorkflow,
  webhookContext,
  type LoadedPackage,
} from "./n8n-harness.ts";

// The trigger against a real Errand server: registration through the API, then real deliveries
// from Errand's worker to a loopback receiver that hands each request to the node's webhook()
// through n8n-core's WebhookContext (n8n's own HTTP server lives in its CLI package: the receiver
// does what it does for a webhook, keep the raw body next to the parsed JSON).
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const it = serverTest;
let server: ErrandTestServer;
let pkg: LoadedPackage;
let apiKey: string;
let receiver: Server;
let data: IWorkflowExecuteAdditionalData;
let workflow: Workflow;
let webhookData: IWebhookData;
let trigger: INodeType;

const triggerNode: INode = {
  id: "trigger",
  name: "Errand Trigger",
  type: "n8n-nodes-errand.errandTrigger",
  typeVersion: 1,
  position: [0, 0],
  webhookId: "6d0f4b8e-2f4e-4c3b-9a57-0b1c2d3e4f50",
  parameters: { event: "run.succeeded" },
  credentials: { errandApi: { id: "good", name: "Errand" } },
};

interface Received {
  status: number;
  response: IWebhookResponseData;
}
const received: Received[] = [];
let onReceived: ((r: Received) => void) | undefined;
const nextDelivery = () => new Promise<Received>((resolve) => (onReceived = resolve));

/** The one item a delivery made the trigger emit: the delivery was answered 200 and started the workflow. */
async function emitted(delivery: Promise<Received>): Promise<IDataObject> {
  const { status, response } = await delivery;
  expect(status).toBe(200);
  const [[item]] = response.workflowData! as [[{ json: IDataObject }]];
  return item.json;
}

/** An express-shaped request and response around node:http, as much as the node and WebhookContext use. */
async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const request = Object.assign(req, { rawBody, body: JSON.parse(rawBody.toString("utf8") || "{}"), query: {}, params: {} });
  let status = 200;
  const response = Object.assign(res, {
    status(code: number) {
      status = code;
      res.statusCode = code;
      return response;
    },
    json(body: unknown) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
      return response;
    },
  });
  const ctx = webhookContext(
    workflow,
    { ...data, httpRequest: request as never, httpResponse: response as never },
    triggerNode,
    webhookData,
  );
  const result = await trigger.webhook!.call(ctx);
  if (!result.noWebhookResponse) response.status(200).json(result.webhookResponse ?? { received: true });
  const entry = { status, response: result };
  received.push(entry);
  onReceived?.(entry);
}

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { "x-api-key": apiKey, "content-type": "application/json", ...init.headers },
  });

it.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  apiKey = (await server.signUp()).apiKey;
  pkg = await buildAndLoadPackage();
  trigger = pkg.loader.getNode("errandTrigger").type as INodeType;
  receiver = createServer((req, res) => void handle(req, res).catch((e: unknown) => res.writeHead(500).end(String(e))));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  data = additionalData(new TestCredentialsHelper(pkg, { good: { apiKey, baseUrl: server.baseUrl } }), {
    webhookBaseUrl: `http://127.0.0.1:${port}/webhook`,
  });
  workflow = makeWorkflow(pkg, [triggerNode]);
  webhookData = {
    httpMethod: "POST",
    node: triggerNode.name,
    path: "webhook",
    webhookDescription: trigger.description.webhooks![0]!,
    workflowId: workflow.id,
    workflowExecuteAdditionalData: data,
    webhookId: triggerNode.webhookId,
  };
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const hooks = () => {
  const ctx = hookContext(workflow, data, triggerNode, webhookData);
  const methods = trigger.webhookMethods!.default!;
  return {
    ctx,
    checkExists: () => methods.checkExists!.call(ctx),
    create: () => methods.create!.call(ctx),
    remove: () => methods.delete!.call(ctx),
  };
};
const staticData = () => workflow.getStaticData("node", triggerNode) as IDataObject;

describe("Errand Trigger", () => {
  it("registers its webhook through the API on activation, and checkExists finds it", async () => {
    const { checkExists, create, ctx } = hooks();
    expect(await checkExists()).toBe(false);
    expect(await create()).toBe(true);
    const { webhookId, webhookSecret } = staticData();
    expect(webhookSecret).toEqual(expect.any(String));
    const res = await api(`/webhooks/${webhookId as string}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ url: ctx.getNodeWebhookUrl("default"), events: ["run.succeeded"] });
    expect(await checkExists()).toBe(true);
  });

  it("emits the run when Errand delivers the end of a run, signed with the webhook's secret", async () => {
    const delivery = nextDelivery();
    const created = (await (await api("/runs", { method: "POST", body: JSON.stringify({ prompt: "Say you are done" }) })).json()) as {
      id: string;
    };
    expect(await emitted(delivery)).toMatchObject({
      event: "run.succeeded",
      webhook_id: staticData().webhookId,
      run: { id: created.id, status: "success", result: "Done." },
    });
  });

  it("rejects a delivery with a forged signature, and one without any", async () => {
    const url = hooks().ctx.getNodeWebhookUrl("default")!;
    const body = JSON.stringify({
      event: "run.succeeded",
      delivery_id: "d1",
      webhook_id: staticData().webhookId,
      run: { id: "forged", status: "success" },
    });
    const t = Math.floor(Date.now() / 1000);
    const forged = `t=${t},v1=${createHmac("sha256", "not-the-secret").update(`${t}.${body}`).digest("hex")}`;
    for (const headers of [{ "errand-signature": forged }, {}] as Record<string, string>[]) {
      const delivery = nextDelivery();
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
      expect(res.status).toBe(401);
      expect((await delivery).response).toEqual({ noWebhookResponse: true });
    }
  });

  it("acknowledges Errand's test delivery without starting the workflow", async () => {
    const delivery = nextDelivery();
    const res = await api(`/webhooks/${staticData().webhookId as string}/test`, { method: "POST" });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const { status, response } = await delivery;
    expect(status).toBe(200);
    expect(response.workflowData).toBeUndefined();
  });

  it("removes its webhook on deactivation", async () => {
    const id = staticData().webhookId as string;
    expect(await hooks().remove()).toBe(true);
    expect((await api(`/webhooks/${id}`)).status).toBe(404);
    expect(staticData().webhookId).toBeUndefined();
    expect(await hooks().checkExists()).toBe(false);
  });

  it("on Batch Finished, registers for batch.finished and emits the ended batch with its counts", async () => {
    triggerNode.parameters = { event: "batch.finished" };
    workflow = makeWorkflow(pkg, [triggerNode]);
    expect(await hooks().create()).toBe(true);
    expect(await (await api(`/webhooks/${staticData().webhookId as string}`)).json()).toMatchObject({ events: ["batch.finished"] });
    const first = (await (await api("/runs", { method: "POST", body: JSON.stringify({ prompt: "Say {{word}} when done" }) })).json()) as {
      task_id: string;
    };
    // The first run's own end is not a batch's: nothing reaches this webhook for it.
    const delivery = nextDelivery();
    const res = await api(`/tasks/${first.task_id}/batches`, { method: "POST", body: JSON.stringify({ rows: [{ word: "hello" }] }) });
    const batch = (await res.json()) as { id: string };
    expect(res.status).toBe(201);
    expect(await emitted(delivery)).toMatchObject({
      event: "batch.finished",
      webhook_id: staticData().webhookId,
      batch: { id: batch.id, status: "finished", total_rows: 1, counts: { success: 1 } },
    });
    expect(await hooks().remove()).toBe(true);
  });
});
