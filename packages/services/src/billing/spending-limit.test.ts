import { spendingLimitReachedMessage } from "@errand/contract";
import { userCredits, webhookDeliveries } from "@errand/db";
import { startSmtpCapture, type SmtpCapture } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { ServiceContext } from "../context.ts";
import { createMailer } from "../mail/create-mailer.ts";
import { silentLogger } from "../logging/logger.ts";
import { claimRun, createTaskWithRun, finishRun } from "../runs/index.ts";
import { createTestAccount, makeTestContext, refusal, serviceTest, testCaller } from "../testing.ts";
import { createWebhook } from "../webhooks/index.ts";
import { prepareWebhook } from "../webhooks/prepare-webhook.ts";
import { addMember, callerInWorkspace, createWorkspace } from "../workspaces/index.ts";
import { listAuditEvents } from "../audit/index.ts";
import { getSpendingLimit, setSpendingLimit } from "./index.ts";

// A workspace's monthly limit (docs/adr/0037-spending-limits.md): runs are refused past it, and
// owners and admins hear of each threshold crossed once a month, by e-mail and budget.threshold.

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp?.close());

/** The file's context with mail going to the SMTP capture. */
const it = serviceTest.extend("mailCtx", async ({ db, ctx }) =>
  makeTestContext(db, {}, ctx.queue, {
    mailer: createMailer({ smtpUrl: smtp.url, from: "Errand <no-reply@errand.test>", outboxDir: "/nonexistent", log: silentLogger }),
  }),
);

/** A team with credits, its owner, an admin and a member, each as a caller in it. */
async function team(ctx: ServiceContext) {
  const [owner, admin, member] = [await createTestAccount(ctx), await createTestAccount(ctx), await createTestAccount(ctx)];
  const workspace = await createWorkspace({ ctx, caller: testCaller(owner.id), input: { name: "Growth" } });
  await ctx.db.update(userCredits).set({ credits: 1_000_000 }).where(eq(userCredits.workspaceId, workspace.id));
  const there = (userId: string) => callerInWorkspace({ ctx, caller: testCaller(userId), input: { workspaceId: workspace.id } });
  const ownerThere = await there(owner.id);
  await addMember({ ctx, caller: ownerThere, input: { userId: admin.id, role: "admin" } });
  await addMember({ ctx, caller: ownerThere, input: { userId: member.id, role: "member" } });
  return { workspace, owner, admin, member, ownerThere, adminThere: await there(admin.id), memberThere: await there(member.id) };
}

/** A run of `seconds` charged at $0.0023 a second: 500 s is $1.15. */
async function spend(ctx: ServiceContext, caller: ReturnType<typeof testCaller>, seconds: number) {
  const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", session_timeout: 600 } } });
  await claimRun({ ctx, input: { runId: run.id } });
  return (await finishRun({ ctx, input: { runId: run.id, status: "success", executionTime: seconds } }))!;
}

describe("a workspace's monthly spending limit", () => {
  it("is set by owners and admins only, and shows this month's spend", async ({ mailCtx: ctx }) => {
    const { adminThere, memberThere } = await team(ctx);
    const set = (caller: typeof adminThere, monthly_usd: number | null) =>
      setSpendingLimit({ ctx, caller, input: { limit: { monthly_usd, alert_thresholds: [50, 80, 100] } } });
    expect(await refusal(set(memberThere, 10))).toMatchObject({ code: "forbidden" });
    expect(await getSpendingLimit({ ctx, caller: memberThere, input: {} })).toMatchObject({ monthly_usd: null, spent_usd: 0 });
    expect(await set(adminThere, 10)).toMatchObject({ monthly_usd: 10, alert_thresholds: [50, 80, 100], spent_usd: 0 });
    await spend(ctx, memberThere, 100);
    expect(await getSpendingLimit({ ctx, caller: memberThere, input: {} })).toMatchObject({ monthly_usd: 10, spent_usd: 0.23 });
    expect(await set(adminThere, null)).toMatchObject({ monthly_usd: null, alert_thresholds: [] });
    // Each change is in the audit log, with who made it; the refused one is not.
    const { audit_events: events } = await listAuditEvents({ ctx, caller: adminThere, input: { action: "limits.changed" } });
    expect(events.map((e) => [e.actor.user_id, e.details])).toEqual([
      [adminThere.userId, { monthly_usd: null, alert_thresholds: [] }],
      [adminThere.userId, { monthly_usd: 10, alert_thresholds: [50, 80, 100] }],
    ]);
  });

  it("refuses new runs with 402 and the reason once the month's spend reached it", async ({ mailCtx: ctx }) => {
    const { ownerThere, memberThere } = await team(ctx);
    await setSpendingLimit({ ctx, caller: ownerThere, input: { limit: { monthly_usd: 1, alert_thresholds: [] } } });
    await spend(ctx, memberThere, 500);
    const refused = await refusal(createTaskWithRun({ ctx, caller: memberThere, input: { settings: { prompt: "one more" } } }));
    expect(refused).toMatchObject({ code: "spending_limit_reached", message: spendingLimitReachedMessage(1) });
    expect(refused.message).toBe(
      "This workspace reached its monthly spending limit of $1.00. Runs already going on finish; an owner or admin can raise the limit on the Credits page.",
    );
    // Raising it lets runs start again.
    await setSpendingLimit({ ctx, caller: ownerThere, input: { limit: { monthly_usd: 5, alert_thresholds: [] } } });
    await expect(createTaskWithRun({ ctx, caller: memberThere, input: { settings: { prompt: "one more" } } })).resolves.toBeTruthy();
  });

  it("e-mails owners and admins and sends budget.threshold once per threshold crossed", async ({ mailCtx: ctx }) => {
    const { ownerThere, memberThere, owner, admin, member } = await team(ctx);
    const hook = await createWebhook({
      ctx,
      caller: ownerThere,
      input: { url: "https://hooks.example/budget", events: ["budget.threshold"] },
    });
    await setSpendingLimit({ ctx, caller: ownerThere, input: { limit: { monthly_usd: 2, alert_thresholds: [50, 80] } } });
    smtp.clear();

    const first = await spend(ctx, memberThere, 500); // $1.15: 57.5 %, past 50
    await spend(ctx, memberThere, 10); // still below 80: no new alert
    const ownerMail = await smtp.waitForMail({ to: owner.email });
    expect(ownerMail.subject).toBe("Growth has used 50% of its monthly spending limit");
    expect(ownerMail.text).toContain("Growth has spent $1.15 of its $2.00 monthly limit this month.");
    await smtp.waitForMail({ to: admin.email });
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ runId: first.id, trigger: "budget_threshold" });
    const request = await prepareWebhook({
      ctx,
      input: { runId: first.id, deliveryId: deliveries[0]!.id, url: hook.url, webhookId: hook.id, trigger: "budget_threshold" },
    });
    expect(JSON.parse(request!.body)).toMatchObject({
      event: "budget.threshold",
      threshold: 50,
      monthly_usd: 2,
      spent_usd: 1.15,
      run_id: first.id,
    });

    await spend(ctx, memberThere, 300); // past 80
    await smtp.waitForMail((mail) => mail.subject.includes("80%"));
    expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id))).toHaveLength(2);
    const all = smtp.messages();
    expect(all.filter((mail) => mail.subject.includes("50%"))).toHaveLength(2);
    expect(all.some((mail) => mail.to.includes(member.email))).toBe(false);
  });
});
