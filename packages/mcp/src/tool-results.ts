import type { Run, Step } from "@errand/contract";
import { runUrl } from "@errand/sdk";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RunOutput } from "./tool-definitions.ts";

/** The structured form of a run: its result parsed for JSON runs. */
export function runOutput(baseUrl: string, run: Run): RunOutput {
  const output: RunOutput = {
    run_id: run.id,
    task_id: run.task_id,
    status: run.status,
    status_reason: run.status_reason,
    failure: run.failure,
    result: run.result,
    execution_time: run.execution_time,
    url: runUrl(baseUrl, run),
    verification: run.verification,
    retry_of: run.retry_of,
  };
  if (run.response_format === "json" && run.result !== null) {
    try {
      output.data = JSON.parse(run.result) as unknown;
    } catch {
      // Not JSON after all (a failed run explains itself in text): `result` has it.
    }
  }
  return output;
}

/** One line on where the run stands, then the result (JSON runs: the JSON, indented). */
export function runResult(baseUrl: string, run: Run, note?: string): CallToolResult {
  const output = runOutput(baseUrl, run);
  const lines = [statusLine(output)];
  if (note) lines.push(note);
  if (output.verification) lines.push(verificationLine(output.verification));
  const result = output.data !== undefined ? JSON.stringify(output.data, null, 2) : output.result;
  const content: CallToolResult["content"] = [{ type: "text", text: lines.join("\n") }];
  if (result) content.push({ type: "text", text: result });
  // A run that did not succeed is an answer, not a tool failure: the assistant reads why.
  return { content, structuredContent: output };
}

/** "Verification: fail (price is 49, outside 10..20; The judge: wrong item)." */
function verificationLine(verification: NonNullable<RunOutput["verification"]>): string {
  const failed = verification.checks.filter((c) => !c.passed).map((c) => c.message);
  const judge = verification.judge
    ? [
        `the judge said ${verification.judge.verdict}${verification.judge.reasons.length ? `: ${verification.judge.reasons.join("; ")}` : ""}`,
      ]
    : [];
  const detail = [...failed, ...judge].join("; ");
  return `Verification: ${verification.verdict}${detail ? ` (${detail})` : ""}.`;
}

function statusLine(run: RunOutput): string {
  const time = run.execution_time !== null ? ` in ${Math.round(run.execution_time * 10) / 10} s` : "";
  const reason = run.status_reason ? `: ${run.status_reason}` : "";
  const kind = run.failure ? ` (failure kind ${run.failure.kind})` : "";
  const what =
    run.status === "pending"
      ? "is pending (queued or running)"
      : run.status === "success"
        ? `succeeded${time}`
        : `ended ${run.status}${kind}${time}${reason}`;
  // A reason is a sentence already: no second full stop after it.
  return `Run ${run.run_id} ${what}${/[.!?]$/.test(what) ? "" : "."} Page: ${run.url}`;
}

/** What a step did or read, in one line: the progress message and the steps list. */
export function stepText(step: Step): string {
  const actions = actionNames(step.action);
  const said = (step.extracted_content ?? step.error ?? "").replace(/\s+/g, " ").trim();
  const text = [actions, said].filter(Boolean).join(": ") || `Step ${step.number}`;
  return step.success === false && step.error && !said.includes(step.error) ? `${text} (failed: ${step.error})` : text;
}

/** The step's tool names, a failed one marked: "click, type (failed)". */
function actionNames(actions: Step["action"]): string {
  return (actions ?? []).map((a) => `${a.name}${a.ok ? "" : " (failed)"}`).join(", ");
}
