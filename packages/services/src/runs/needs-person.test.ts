import { webhookDeliveries } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest as it, testCaller } from "../testing.ts";
import { claimRun, clearNeedsPerson, createTaskWithRun, finishRun, getRun, markNeedsPerson } from "./index.ts";
import { createWebhook } from "../webhooks/index.ts";
import type { ServiceContext } from "../index.ts";

async function runningRun(ctx: ServiceContext, webhookUrl?: string) {
  const user = await createTestAccount(ctx);
  const caller = testCaller(user.id);
  const { run } = await createTaskWithRun({
    ctx,
    caller,
    input: { settings: { prompt: "subscribe", ...(webhookUrl ? { webhook_url: webhookUrl } : {}) } },
  });
  await claimRun({ ctx, input: { runId: run.id } });
  return { user, caller, run };
}

const deliveriesOf = (ctx: ServiceContext, runId: string) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, runId));
const REASON = "The page shows a Turnstile challenge that the agent cannot solve (no captcha solver is configured).";

describe("a run that needs a person", () => {
  it("says why while it waits, and not once the wait is over", async ({ ctx }) => {
    const { caller, run } = await runningRun(ctx);
    expect(await markNeedsPerson({ ctx, input: { runId: run.id, reason: REASON } })).toBe(true);
    expect((await getRun({ ctx, caller, input: { runId: run.id, withSteps: false } })).run.needs_person).toBe(REASON);
    await clearNeedsPerson({ ctx, input: { runId: run.id } });
    expect((await getRun({ ctx, caller, input: { runId: run.id, withSteps: false } })).run.needs_person).toBeNull();
  });

  it("queues run.needs_person to the run's webhook URL and the subscribed account webhooks only, on top of the end's delivery", async ({
    ctx,
  }) => {
    const { caller, run } = await runningRun(ctx, "https://hooks.example/run");
    const subscribed = await createWebhook({
      ctx,
      caller,
      input: { url: "https://hooks.example/attention", events: ["run.needs_person"] },
    });
    await createWebhook({ ctx, caller, input: { url: "https://hooks.example/ends", events: ["run.finished"] } });
    await markNeedsPerson({ ctx, input: { runId: run.id, reason: REASON } });
    const asked = await deliveriesOf(ctx, run.id);
    expect(asked.map((d) => [d.url, d.trigger, d.detail]).sort()).toEqual([
      ["https://hooks.example/attention", "needs_person", REASON],
      ["https://hooks.example/run", "needs_person", REASON],
    ]);
    expect(asked.find((d) => d.url.endsWith("/attention"))?.webhookId).toBe(subscribed.id);

    // Still pending (being retried) when the run ends: the end's delivery is queued beside it.
    const finished = await finishRun({ ctx, input: { runId: run.id, status: "success", result: "ok" } });
    expect(finished?.needsPerson).toBeNull();
    const all = await deliveriesOf(ctx, run.id);
    expect(
      all
        .filter((d) => d.trigger === "run_finished")
        .map((d) => d.url)
        .sort(),
    ).toEqual(["https://hooks.example/ends", "https://hooks.example/run"]);
    expect(all.filter((d) => d.trigger === "needs_person" && d.status === "pending")).toHaveLength(2);
  });

  it("leaves an ended run as it is", async ({ ctx }) => {
    const { run } = await runningRun(ctx);
    await finishRun({ ctx, input: { runId: run.id, status: "failed", reason: "x" } });
    expect(await markNeedsPerson({ ctx, input: { runId: run.id, reason: REASON } })).toBe(false);
    expect(await deliveriesOf(ctx, run.id)).toEqual([]);
  });
});
