import { CREDIT_UNITS_PER_DOLLAR, FAILURE_KIND_LABELS, type Run, type Step } from "@errand/contract";

/** One line per step for the terminal: number, outcome, actions, page, and what it found. */
export function formatStep(step: Step): string {
  const mark = step.success === true ? "✔" : step.success === false ? "✖" : "•";
  const actions = (step.action ?? []).map((a) => `${a.name}${a.ok ? "" : "(failed)"}`).join(", ");
  const lines = [`${mark} Step ${step.number}${actions ? `: ${actions}` : ""}${step.url ? `  [${step.url}]` : ""}`];
  if (step.extracted_content) lines.push(`    ${step.extracted_content.replace(/\s+/g, " ").slice(0, 300)}`);
  if (step.error) lines.push(`    error: ${step.error}`);
  return lines.join("\n");
}

/** What the run was charged, in the run page's words: "Free prompt", "$0.0230" or "Not charged". */
export function formatCharge(charge: Run["charge"]): string {
  if (charge?.kind === "free_prompt") return "Free prompt";
  if (charge?.kind === "credits") return `$${(charge.credits / CREDIT_UNITS_PER_DOLLAR).toFixed(4)}`;
  return "Not charged";
}

/** The ended run for the terminal: status (and why, with its failure kind), what it cost, and the result. */
export function formatRunEnd(run: Run): string {
  const count = (n: number) => n.toLocaleString("en-US");
  const lines = [
    `Status: ${run.status}${run.status_reason ? ` (${run.status_reason})` : ""}`,
    // The kind is what --failure-kind filters by (docs/adr/0042-failure-kinds.md).
    ...(run.failure ? [`Failure kind: ${run.failure.kind} (${FAILURE_KIND_LABELS[run.failure.kind]})`] : []),
    `Execution time: ${run.execution_time === null ? "?" : `${run.execution_time.toFixed(1)} s`}`,
    `Cost: ${formatCharge(run.charge)}`,
    `Tokens: ${count(run.input_tokens)} in · ${count(run.output_tokens)} out`,
  ];
  if (run.result !== null) lines.push("", "Result:", run.result);
  return lines.join("\n");
}
