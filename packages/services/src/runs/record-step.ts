import type { StepAction } from "@errand/contract";
import { steps, tasksRuns } from "@errand/db";
import { and, eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { publishRunEvent } from "../events/run-events.ts";
import { stepToApi } from "./to-api.ts";

export interface RecordStepInput {
  runId: string;
  number: number;
  url: string | null;
  action: StepAction[] | null;
  extractedContent: string | null;
  success: boolean | null;
  error: string | null;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
  screenshotKey: string | null;
}

/** Saves one agent step and publishes it; the run's token counts grow with it. */
export async function recordStep({ ctx, input }: VerbArgs<RecordStepInput>) {
  return ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .update(tasksRuns)
      .set({
        inputTokens: sql`${tasksRuns.inputTokens} + ${input.inputTokens}`,
        outputTokens: sql`${tasksRuns.outputTokens} + ${input.outputTokens}`,
        heartbeatAt: new Date(),
      })
      .where(and(eq(tasksRuns.id, input.runId)))
      .returning({ workspaceId: tasksRuns.workspaceId });
    if (!run) return null;
    const [step] = await tx
      .insert(steps)
      .values({
        taskRunId: input.runId,
        number: input.number,
        url: input.url,
        action: input.action,
        extractedContent: input.extractedContent,
        success: input.success,
        error: input.error,
        durationMs: Math.round(input.durationMs),
        inputTokens: input.inputTokens,
        outputTokens: input.outputTokens,
        screenshotKey: input.screenshotKey,
      })
      .returning();
    await publishRunEvent(tx, { type: "step", runId: input.runId, workspaceId: run.workspaceId, stepId: step!.id, number: step!.number });
    return stepToApi(step!);
  });
}
