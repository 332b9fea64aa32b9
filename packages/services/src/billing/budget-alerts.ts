import { unitsToDollars } from "@errand/contract";
import { budgetAlerts, users, webhooks, workspaceMembers, workspaces, workspaceSpendingLimits } from "@errand/db";
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { budgetAlertEmail } from "../mail/budget-alert-email.ts";
import type { Queryable } from "../ownership.ts";
import { queueDeliveries } from "../webhooks/queue-webhook-delivery.ts";
import { subscribedWebhooks } from "../webhooks/subscribed-webhooks.ts";
import { monthOf, monthSpend } from "./month-spend.ts";

/** One threshold crossed, as the e-mail and the budget.threshold event tell it. */
export interface BudgetAlert {
  workspaceId: string;
  month: string;
  threshold: number;
  monthlyUsd: number;
  spentUsd: number;
  runId: string;
}

/**
 * In the transaction that settles a run: the workspace's alert thresholds its spend this month
 * has now reached, each recorded once per month (budget_alerts' key, so two runs ending at once
 * alert once), with a budget.threshold delivery to each webhook subscribed to it. Returns the
 * alerts new this time: their e-mails go once the transaction has committed (mailBudgetAlerts).
 */
export async function recordBudgetAlerts(tx: Queryable, run: { id: string; workspaceId: string }): Promise<BudgetAlert[]> {
  const [limit] = await tx.select().from(workspaceSpendingLimits).where(eq(workspaceSpendingLimits.workspaceId, run.workspaceId));
  if (!limit || limit.alertThresholds.length === 0) return [];
  const spent = await monthSpend(tx, run.workspaceId);
  const reached = limit.alertThresholds.filter((threshold) => spent * 100 >= threshold * limit.monthlyLimit);
  if (reached.length === 0) return [];
  const month = monthOf(new Date());
  const recorded = await tx
    .insert(budgetAlerts)
    .values(reached.map((threshold) => ({ workspaceId: run.workspaceId, month, threshold })))
    .onConflictDoNothing()
    .returning({ threshold: budgetAlerts.threshold });
  const alerts = recorded.map(({ threshold }) => ({
    workspaceId: run.workspaceId,
    month,
    threshold,
    monthlyUsd: unitsToDollars(limit.monthlyLimit),
    spentUsd: unitsToDollars(spent),
    runId: run.id,
  }));
  for (const alert of alerts) await queueBudgetWebhooks(tx, alert);
  return alerts;
}

/** A budget.threshold delivery to each of the workspace's webhooks subscribed to it; the alert travels as the delivery's detail. */
async function queueBudgetWebhooks(tx: Queryable, alert: BudgetAlert) {
  const subscribed = await subscribedWebhooks(tx, alert.workspaceId, arrayContains(webhooks.events, ["budget.threshold"]));
  await queueDeliveries(tx, alert.runId, subscribed, { trigger: "budget_threshold", detail: JSON.stringify(alert) });
}

/** The alerts' e-mails to the workspace's owners and admins; a failed send is logged, never thrown (the run has ended). */
export async function mailBudgetAlerts(ctx: ServiceContext, alerts: BudgetAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  const workspaceId = alerts[0]!.workspaceId;
  const recipients = await ctx.db
    .select({ email: users.email, workspaceName: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, ["owner", "admin"])));
  const creditsUrl = `${ctx.config.baseUrl}/credits`;
  for (const alert of alerts) {
    for (const recipient of recipients) {
      const mail = budgetAlertEmail({ to: recipient.email, workspaceName: recipient.workspaceName, creditsUrl, ...alert });
      await ctx.mailer.send(mail).catch((error: Error) => ctx.log.warn("budget alert e-mail failed", { workspaceId, error }));
    }
  }
}
