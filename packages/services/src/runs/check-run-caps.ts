import {
  costCapQuestion,
  costCapReason,
  stepCapQuestion,
  stepCapReason,
  unitsToDollars,
  type CapVerdict,
  type RunUsage,
} from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { chargeSoFar, modelSpend } from "../billing/run-spend.ts";

/** What a run has used so far, as the worker counts it, and the judgement of its caps (in the contract, as the agent asks for them). */
export type RunUsageSoFar = RunUsage;
export type CapCheck = CapVerdict;
/** At a cap, its failure kind (docs/adr/0042-failure-kinds.md). */
type CapKind = Extract<CapVerdict, { action: "stop" }>["kind"];

/**
 * Judges a running run's caps after a step and before each model call (docs/adr/0037-spending-limits.md):
 * its cost so far (charge for its seconds plus model spend), with the input tokens of the call about
 * to be made at the model's price, against max_cost; its steps against max_steps. The
 * caps are read from the run each time, so a change through PATCH /runs/{id}/limits counts at
 * the next check. At a cap the run stops with a reason naming it, or asks when on_limit is "ask".
 */
export async function checkRunCaps({ ctx, input }: VerbArgs<{ runId: string; usage: RunUsageSoFar }>): Promise<CapCheck> {
  const [run] = await ctx.db
    .select({
      status: tasksRuns.status,
      model: tasksRuns.model,
      maxCost: tasksRuns.maxCost,
      maxSteps: tasksRuns.maxSteps,
      onLimit: tasksRuns.onLimit,
      holdKind: tasksRuns.holdKind,
      heldCredits: tasksRuns.heldCredits,
    })
    .from(tasksRuns)
    .where(eq(tasksRuns.id, input.runId));
  if (!run || run.status !== "pending") return { action: "go" };
  const { usage } = input;
  if (run.maxCost !== null) {
    const cost = chargeSoFar(ctx.config, run, usage.seconds) + (modelSpend(ctx.config, run.model, usage) ?? 0);
    const nextCall = modelSpend(ctx.config, run.model, { inputTokens: usage.nextCallInputTokens ?? 0, outputTokens: 0 }) ?? 0;
    const usd = unitsToDollars(run.maxCost);
    if (cost >= run.maxCost || cost + nextCall > run.maxCost)
      return atCap(run.onLimit, "budget_exhausted", costCapReason(usd), costCapQuestion(usd));
  }
  if (run.maxSteps !== null && usage.steps >= run.maxSteps) {
    return atCap(run.onLimit, "step_limit", stepCapReason(run.maxSteps), stepCapQuestion(run.maxSteps));
  }
  return { action: "go" };
}

const atCap = (onLimit: "stop" | "ask", kind: CapKind, reason: string, question: string): CapCheck =>
  onLimit === "ask" ? { action: "ask", question, reason, kind } : { action: "stop", reason, kind };
