import { evaluationCells, evaluations } from "@errand/db";
import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { Queryable } from "../ownership.ts";
import { insertRunWithHold, startedAs } from "../runs/insert-run.ts";
import { nextInGroup, NOTHING_TO_START, startInTurn, type NextStart } from "../runs/start-in-turn.ts";
import { finishEvaluationIfDone } from "./finish-evaluation.ts";
import { caseRunColumns } from "./run-columns.ts";

/**
 * Starts the evaluation's next cells until `concurrency` of them have runs pending, as batches
 * do (docs/adr/0041-batches.md, docs/adr/0044-evaluations.md): called when it is made, when one
 * of its runs ends, and by the periodic sweep, in any process; each cell starts in its own
 * transaction under the evaluation's row lock, so none starts twice. Each cell is an ordinary
 * run (held, charged, capped) carried out by the agent, never a replay: a recording one model
 * made must not stand in for another. A refusal for the pending-run limit leaves the cell for
 * later; any other refusal (the balance, the spending limit) marks the cell refused with its words.
 */
export async function dispatchEvaluation(ctx: ServiceContext, evaluationId: string): Promise<string[]> {
  return startInTurn(ctx, () => startNextCell(ctx, evaluationId));
}

async function startNextCell(ctx: ServiceContext, evaluationId: string): Promise<NextStart> {
  return nextInGroup(ctx, evaluations, evaluationId, async (tx, evaluation) => {
    const running = await countRunning(tx, evaluationId);
    if (running >= evaluation.concurrency) return NOTHING_TO_START;
    const [cell] = await tx
      .select()
      .from(evaluationCells)
      .where(and(eq(evaluationCells.evaluationId, evaluationId), isNull(evaluationCells.runId), isNull(evaluationCells.outcome)))
      .orderBy(asc(evaluationCells.caseIndex), asc(evaluationCells.modelIndex))
      .limit(1);
    if (!cell) {
      if (running === 0) await finishEvaluationIfDone(tx, evaluationId);
      return NOTHING_TO_START;
    }
    const suiteCase = evaluation.suite.cases[cell.caseIndex]!;
    try {
      const inserted = await insertRunWithHold(tx, ctx, {
        ...startedAs(evaluation),
        columns: caseRunColumns(suiteCase, cell.model),
        mode: "agent",
        evaluationId,
      });
      await tx.update(evaluationCells).set({ runId: inserted.run.id, updatedAt: new Date() }).where(eq(evaluationCells.id, cell.id));
      return { kind: "started", inserted };
    } catch (error) {
      // insertRunWithHold refuses before writing anything: the transaction is still good.
      if (!(error instanceof ServiceError)) throw error;
      if (error.code === "too_many_runs") return NOTHING_TO_START;
      await tx
        .update(evaluationCells)
        .set({ outcome: "refused", reason: error.message, updatedAt: new Date() })
        .where(eq(evaluationCells.id, cell.id));
      return { kind: "refused" };
    }
  });
}

/** Cells whose run is pending. */
async function countRunning(tx: Queryable, evaluationId: string): Promise<number> {
  const [found] = await tx
    .select({ n: count() })
    .from(evaluationCells)
    .where(and(eq(evaluationCells.evaluationId, evaluationId), isNotNull(evaluationCells.runId), isNull(evaluationCells.outcome)));
  return found?.n ?? 0;
}
