import { askModelOnce, schemaCheck, type AgentResult, type AgentStep } from "@errand/agent";
import { verificationFailedReason, type Verification } from "@errand/contract";
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
 * (docs/adr/0043-verified-results.md); the agent's result with the verdict applied: a failed
 * verdict makes the run failed (and leaves no recording of the wrong answer), and the judge's
 * tokens join the run's, so they are charged and capped as any model call.
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
  const verification = await verifyAnswer({
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
  if (!verification) return { result, verification };
  const tokens = verification.judge?.tokens ?? { input: 0, output: 0 };
  const counted = { ...result, inputTokens: result.inputTokens + tokens.input, outputTokens: result.outputTokens + tokens.output };
  if (verification.verdict !== "fail") return { result: counted, verification };
  const failed = { ...counted, status: "failed" as const, reason: verificationFailedReason(verification), recording: null };
  return { result: failed, verification };
}
