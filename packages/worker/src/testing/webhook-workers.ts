import type { ServiceContext } from "@errand/services";
import { testCaller } from "@errand/services/testing";
import { listWebhookDeliveries, listWebhookEndpointDeliveries } from "@errand/services/webhooks";
import { pollFor } from "@errand/testkit/testing";
import { afterEach } from "vitest";
import { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from "../webhook-worker.ts";
import { startWebhookReceiver } from "./webhook-receiver.ts";

export type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Webhook receivers on loopback and webhook workers (one a "process") for a test file. The
 * workers and receivers a test started are stopped after it, passed or failed (a worker started
 * otherwise is pushed to `workers`): a worker a failed test left running would take the next
 * test's deliveries and refuse its receivers, which its address rule does not let through.
 * `receivers` keeps every receiver of the file, with what it received. Each worker's address
 * rule lets the receivers it is given through.
 */
export function webhookWorkersFor(ctx: () => ServiceContext) {
  const receivers: Receiver[] = [];
  const workers: WebhookWorker[] = [];
  let open: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
    await Promise.all(open.map((receiver) => receiver.close()));
    open = [];
  });
  return {
    receivers,
    workers,
    async receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
      const started = await startWebhookReceiver(options);
      receivers.push(started);
      open.push(started);
      return started;
    },
    worker(allow: Receiver[], options: WebhookWorkerOptions = {}) {
      const started = startWebhookWorker({ ctx: ctx(), network: { allowHosts: allow.map((r) => r.host) } }, { pollMs: 50, ...options });
      workers.push(started);
      return started;
    },
    /** Until the first delivery of a run, or to a webhook, has a status `done` accepts (as its user lists them); gives the deliveries then. */
    untilDelivered(userId: string, of: { runId: string } | { webhookId: string }, done: (status: string) => boolean) {
      const args = { ctx: ctx(), caller: testCaller(userId) };
      return "runId" in of
        ? untilFirstDelivery(() => listWebhookDeliveries({ ...args, input: of }), done, `the delivery of run ${of.runId}`)
        : untilFirstDelivery(() => listWebhookEndpointDeliveries({ ...args, input: of }), done, `the delivery to webhook ${of.webhookId}`);
    },
  };
}

/**
 * Waits until the list has a first delivery and `done` accepts its status (`what` names it if it
 * never comes); gives the deliveries then.
 */
async function untilFirstDelivery<Delivery extends { status: string }>(
  list: () => Promise<{ deliveries: Delivery[] }>,
  done: (status: string) => boolean,
  what: string,
) {
  const read = async () => (await list()).deliveries;
  return pollFor(read, (deliveries) => deliveries[0] !== undefined && done(deliveries[0].status), { timeout: 30_000, message: what });
}
