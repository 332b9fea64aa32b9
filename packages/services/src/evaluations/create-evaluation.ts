import { EVALUATION_LIMITS, type EvaluationDetail } from "@errand/contract";
import { evaluationCells, evaluations, tasks } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { isUniqueViolation } from "../credentials/name-taken.ts";
import { assertPublicAddresses } from "../network/assert-public-addresses.ts";
import { requireRole } from "../workspaces/roles.ts";
import { dispatchEvaluation } from "./dispatch-evaluation.ts";
import { loadEvaluationDetail } from "./evaluation-to-api.ts";
import { providerOf } from "./run-columns.ts";
import { parseEvaluationInput, type EvaluationInput, type ParsedEvaluation } from "./suite-input.ts";

/**
 * POST /evaluations (docs/adr/0044-evaluations.md): validates the suite (each start URL held to
 * the rule every run's initial_url is), then writes the evaluation, the task its runs belong to
 * and one cell per case x model together, and starts the first cells. Sent again with its
 * idempotency key, it answers the first evaluation and starts nothing.
 */
export async function createEvaluation({ ctx, caller, input }: CallerVerbArgs<EvaluationInput>): Promise<EvaluationDetail> {
  requireRole(caller, "run");
  const parsed = parseEvaluationInput(input);
  await assertPublicAddresses(
    ctx,
    parsed.suite.cases.flatMap((c, i) => (c.start_url ? [{ path: `suite.cases.${i}.start_url`, url: c.start_url }] : [])),
  );
  const earlier = await earlierEvaluation(ctx, caller.workspaceId, parsed.idempotencyKey);
  if (earlier) return (await loadEvaluationDetail(ctx.db, earlier))!;
  let id: string;
  try {
    id = await insertEvaluation(ctx, caller, parsed);
  } catch (error) {
    // The same evaluation sent twice at once: the one that lost the race answers the winner's.
    const winner = isUniqueViolation(error) ? await earlierEvaluation(ctx, caller.workspaceId, parsed.idempotencyKey) : null;
    if (!winner) throw error;
    return (await loadEvaluationDetail(ctx.db, winner))!;
  }
  await dispatchEvaluation(ctx, id);
  return (await loadEvaluationDetail(ctx.db, id))!;
}

type Caller = CallerVerbArgs<unknown>["caller"];

async function insertEvaluation(ctx: ServiceContext, caller: Caller, { suite, models, idempotencyKey }: ParsedEvaluation): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    // The runs' task: named after the suite, and never replayed (each model must do the work itself).
    const [task] = await tx
      .insert(tasks)
      .values({
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        prompt: `Evaluation: ${suite.name}`,
        model: models[0]!,
        modelProvider: providerOf(models[0]!),
        alwaysUseAgent: true,
      })
      .returning({ id: tasks.id });
    const [evaluation] = await tx
      .insert(evaluations)
      .values({
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        taskId: task!.id,
        apiKeyId: caller.apiKeyId ?? null,
        name: suite.name,
        description: suite.description ?? null,
        suite,
        models,
        concurrency: suite.concurrency ?? EVALUATION_LIMITS.concurrency.default,
        totalCases: suite.cases.length,
        idempotencyKey: idempotencyKey ?? null,
      })
      .returning({ id: evaluations.id });
    const id = evaluation!.id;
    await tx
      .insert(evaluationCells)
      .values(
        suite.cases.flatMap((_, caseIndex) => models.map((model, modelIndex) => ({ evaluationId: id, caseIndex, modelIndex, model }))),
      );
    return id;
  });
}

async function earlierEvaluation(ctx: ServiceContext, workspaceId: string, key: string | undefined): Promise<string | null> {
  if (!key) return null;
  const [same] = await ctx.db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.workspaceId, workspaceId), eq(evaluations.idempotencyKey, key)));
  return same?.id ?? null;
}
