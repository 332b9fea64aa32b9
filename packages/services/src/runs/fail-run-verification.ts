import type { VerbArgs } from "../context.ts";
import { finishRun, type FinishRunInput } from "./finish-run.ts";

/** What the verify step knows when a run's answer fails its checks: the run, why, and the run's figures as for any end. */
export type FailRunVerificationInput = Omit<FinishRunInput, "status" | "failureKind" | "reason"> & { message: string };

/**
 * Ends a pending run whose answer failed its checks (or its judge) as `failed` with the kind
 * `verification_failed` (docs/adr/0042-failure-kinds.md). The answer is kept as the result, so
 * a person can see what was rejected. Exactly once, like finishRun: null when the run had ended.
 * Worker-side, like finishRun: the caller is the run's own worker.
 */
export function failRunVerification({ ctx, input }: VerbArgs<FailRunVerificationInput>) {
  const { message, ...fields } = input;
  return finishRun({ ctx, input: { ...fields, status: "failed", reason: message, failureKind: "verification_failed" } });
}
