import { askModelOnce, schemaCheck, type AgentResult, type AgentStep } from "@errand/agent";
import type { Verification } from "@errand/contract";
import { verifyAnswer, type JudgeStepNote } from "@errand/services/verification";
import type { ClaimedRun, PreparedRun } from "./prepare-run.ts";
import type { WorkerDeps } from "./worker-deps.ts";

/** How many of the run's last steps the judge reads. */
const JUDGE_STEPS = 3;

/** The run's last steps as the judge reads them, kept as they come. */
export function lastStepNotes() {
  const notes: JudgeStepNote[] = [];
  return {
    notes,
    add(step: AgentStep) {
      notes.push({ number: step.number, url: step.url, title: step.title, note: step.error ?? step.extractedContent });
      if (notes.length > JUDGE_STEPS) notes.shift();
    },
  };
}

/**
 * The answer of a run that succeeded, verified against its checks before the run ends
 * (docs/adr/0043-verified-results.md, the rules in verifyAnswer); the agent's result as the
 * verification leaves it: the judge's tokens joined to the run's, and on a failed verdict the
 * run failed with the reason given, with no recording of the wrong answer.
 */
export async function verifyRun(
  deps: WorkerDeps,
  run: ClaimedRun,
  prepared: PreparedRun,
  result: AgentResult,
  steps: readonly JudgeStepNote[],
  signal: AbortSignal,
): Promise<{ result: AgentResult; verification: Verification | null }> {
  if (!run.checks || result.status !== "success") return { result, verification: null };
  const page = result.finalPage;
  const verified = await verifyAnswer({
    ctx: deps.ctx,
    input: {
      runId: run.id,
      result: result.result,
      evidence: {
        pageText: page?.text ?? null,
        steps,
        screenshot: page?.screenshot && prepared.vision ? { data: page.screenshot, mediaType: "image/jpeg" } : null,
        schema: run.responseFormat === "json" && run.jsonSchema !== null ? schemaCheck(run.jsonSchema, result.result) : null,
      },
      usage: { steps: result.steps, seconds: result.durationMs / 1000, inputTokens: result.inputTokens, outputTokens: result.outputTokens },
      askJudge: (call) =>
        askModelOnce({
          model: prepared.model,
          system: call.system,
          text: call.text,
          image: call.screenshot,
          credentials: prepared.credentials,
          signal,
        }),
    },
  });
  if (!verified) return { result, verification: null };
  const { verification, failedReason, judgeTokens } = verified;
  const counted = {
    ...result,
    inputTokens: result.inputTokens + judgeTokens.input,
    outputTokens: result.outputTokens + judgeTokens.output,
  };
  if (failedReason === null) return { result: counted, verification };
  return {
    result: { ...counted, status: "failed", reason: failedReason, failureKind: "verification_failed", recording: null },
    verification,
  };
}
