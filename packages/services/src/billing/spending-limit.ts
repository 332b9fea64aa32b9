import {
  dollarsToUnits,
  spendingLimitInputSchema,
  spendingLimitReachedMessage,
  unitsToDollars,
  type SpendingLimit,
} from "@errand/contract";
import { workspaceSpendingLimits } from "@errand/db";
import { eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ServiceError } from "../errors.ts";
import type { Queryable } from "../ownership.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { requireRole } from "../workspaces/roles.ts";
import { monthOf, monthSpend } from "./month-spend.ts";

/** GET /workspaces/current/spending-limit: the limit, its alert thresholds and this month's spend. */
export async function getSpendingLimit({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<SpendingLimit> {
  requireScope(caller, "read");
  return readSpendingLimit(ctx.db, caller.workspaceId);
}

/**
 * PUT /workspaces/current/spending-limit (owners and admins, docs/adr/0037-spending-limits.md):
 * sets or removes (monthly_usd null) the workspace's monthly limit and its alert thresholds.
 * Alerts already sent this month stay sent.
 */
export async function setSpendingLimit({ ctx, caller, input }: CallerVerbArgs<{ limit: unknown }>): Promise<SpendingLimit> {
  requireRole(caller, "billing");
  const limit = parseOrThrow(spendingLimitInputSchema, input.limit);
  await ctx.db.transaction(async (tx) => {
    if (limit.monthly_usd === null) {
      await tx.delete(workspaceSpendingLimits).where(eq(workspaceSpendingLimits.workspaceId, caller.workspaceId));
    } else {
      const values = {
        monthlyLimit: dollarsToUnits(limit.monthly_usd),
        alertThresholds: [...limit.alert_thresholds].sort((a, b) => a - b),
      };
      await tx
        .insert(workspaceSpendingLimits)
        .values({ workspaceId: caller.workspaceId, ...values })
        .onConflictDoUpdate({ target: workspaceSpendingLimits.workspaceId, set: { ...values, updatedAt: new Date() } });
    }
    await recordAudit(tx, caller, {
      action: "limits.changed",
      target: { type: "workspace", id: caller.workspaceId, label: "monthly spending limit" },
      details: { monthly_usd: limit.monthly_usd, alert_thresholds: limit.monthly_usd === null ? [] : limit.alert_thresholds },
    });
  });
  return readSpendingLimit(ctx.db, caller.workspaceId);
}

async function readSpendingLimit(db: Queryable, workspaceId: string): Promise<SpendingLimit> {
  const [row] = await db.select().from(workspaceSpendingLimits).where(eq(workspaceSpendingLimits.workspaceId, workspaceId));
  return {
    monthly_usd: row ? unitsToDollars(row.monthlyLimit) : null,
    alert_thresholds: row?.alertThresholds ?? [],
    month: monthOf(new Date()),
    spent_usd: unitsToDollars(await monthSpend(db, workspaceId)),
  };
}

/**
 * Refuses a new run (402) once the workspace's spend this month reached its limit, with billing
 * on or off: every way a run starts inserts it through insertRunWithHold, which calls this.
 * Runs already going on finish.
 */
export async function assertWithinMonthlyLimit(db: Queryable, workspaceId: string): Promise<void> {
  const [row] = await db
    .select({ monthlyLimit: workspaceSpendingLimits.monthlyLimit })
    .from(workspaceSpendingLimits)
    .where(eq(workspaceSpendingLimits.workspaceId, workspaceId));
  if (!row) return;
  if ((await monthSpend(db, workspaceId)) >= row.monthlyLimit) {
    throw new ServiceError("spending_limit_reached", spendingLimitReachedMessage(unitsToDollars(row.monthlyLimit)));
  }
}
