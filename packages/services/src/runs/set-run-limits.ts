import { dollarsToUnits, runLimitsPatchSchema, unitsToDollars, type RunLimits } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { requireRole } from "../workspaces/roles.ts";
import { callersRun, ownRun } from "./own-run.ts";

/**
 * PATCH /runs/{id}/limits: changes the caps of a pending run (docs/adr/0037-spending-limits.md).
 * The worker reads them at its next check, so a raised cap lets a run that waits at its cap go
 * on, and a lowered one stops the run after its current step. A field left out keeps its value.
 */
export async function setRunLimits({ ctx, caller, input }: CallerVerbArgs<{ runId: string; limits: unknown }>): Promise<RunLimits> {
  requireRole(caller, "run");
  const patch = parseOrThrow(runLimitsPatchSchema, input.limits);
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id, status: tasksRuns.status });
  const [changed] = await ctx.db
    .update(tasksRuns)
    .set({
      ...(patch.max_cost_usd !== undefined && { maxCost: patch.max_cost_usd === null ? null : dollarsToUnits(patch.max_cost_usd) }),
      ...(patch.max_steps !== undefined && { maxSteps: patch.max_steps }),
      ...(patch.on_limit !== undefined && { onLimit: patch.on_limit }),
    })
    .where(and(callersRun(caller, run.id), eq(tasksRuns.status, "pending")))
    .returning({ maxCost: tasksRuns.maxCost, maxSteps: tasksRuns.maxSteps, onLimit: tasksRuns.onLimit });
  if (!changed) throw conflict(`The run has already ended (${run.status}): its limits can no longer change.`);
  return {
    max_cost_usd: changed.maxCost === null ? null : unitsToDollars(changed.maxCost),
    max_steps: changed.maxSteps,
    on_limit: changed.onLimit,
  };
}
