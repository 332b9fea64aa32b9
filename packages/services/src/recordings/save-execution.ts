import type { ExecutionKind, RecordingDraft, RunExecution } from "@errand/contract";
import { taskRecordings, type Db, type tasksRuns } from "@errand/db";
import { and, desc, eq } from "drizzle-orm";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How the worker says a run was carried out (FinishRunInput.execution). */
export interface ExecutionReport {
  kind: ExecutionKind;
  /** The recording replayed, if any. */
  recordingVersion: number | null;
  repairedSteps: number[];
  note: string | null;
  /** A new recording the run leaves (kept only if the run succeeded). */
  recording: RecordingDraft | null;
}

/**
 * In finishRun's transaction: keeps the run's new recording as the task's next version, and writes
 * how the run went (the caller writes it on the run) with what it saved against the recording's original agent run. A repaired
 * recording keeps that original's cost: it is still what the agent alone would take.
 */
export async function saveExecution(tx: Tx, run: typeof tasksRuns.$inferSelect, report: ExecutionReport): Promise<RunExecution> {
  const [previous] = await tx
    .select()
    .from(taskRecordings)
    .where(eq(taskRecordings.taskId, run.taskId))
    .orderBy(desc(taskRecordings.version))
    .limit(1)
    .for("update");
  const [replayed] =
    report.recordingVersion === null
      ? []
      : await tx
          .select()
          .from(taskRecordings)
          .where(and(eq(taskRecordings.taskId, run.taskId), eq(taskRecordings.version, report.recordingVersion)));
  let newVersion: number | null = null;
  if (report.recording && run.status === "success") {
    newVersion = (previous?.version ?? 0) + 1;
    const origin =
      report.kind === "agent" || !replayed
        ? { originSeconds: run.executionTime ?? 0, originInputTokens: run.inputTokens, originOutputTokens: run.outputTokens }
        : {
            originSeconds: replayed.originSeconds,
            originInputTokens: replayed.originInputTokens,
            originOutputTokens: replayed.originOutputTokens,
          };
    await tx.insert(taskRecordings).values({
      taskId: run.taskId,
      version: newVersion,
      kind: report.kind === "agent" ? "recorded" : "repaired",
      prompt: report.recording.prompt,
      parameters: report.recording.parameters,
      steps: report.recording.steps,
      extraction: report.recording.extraction,
      sourceRunId: run.id,
      ...origin,
    });
  }
  const saved = replayed && report.kind !== "agent";
  const execution: RunExecution = {
    kind: report.kind,
    recording_version: report.kind === "agent" ? null : report.recordingVersion,
    repaired_steps: report.repairedSteps,
    new_recording_version: newVersion,
    tokens_saved: saved ? Math.max(0, replayed.originInputTokens + replayed.originOutputTokens - run.inputTokens - run.outputTokens) : null,
    seconds_saved: saved ? Math.max(0, Math.round((replayed.originSeconds - (run.executionTime ?? 0)) * 10) / 10) : null,
    note: report.note,
  };
  return execution;
}
