import type { Step } from "@errand/contract";

/** One line per step for the terminal: number, outcome, actions, page, and what it found. */
export function formatStep(step: Step): string {
  const mark = step.success === true ? "✔" : step.success === false ? "✖" : "•";
  const actions = Array.isArray(step.action)
    ? (step.action as { name?: string; ok?: boolean }[]).map((a) => `${a.name ?? "?"}${a.ok === false ? "(failed)" : ""}`).join(", ")
    : "";
  const lines = [`${mark} Step ${step.number}${actions ? `: ${actions}` : ""}${step.url ? `  [${step.url}]` : ""}`];
  if (step.extracted_content) lines.push(`    ${step.extracted_content.replace(/\s+/g, " ").slice(0, 300)}`);
  if (step.error) lines.push(`    error: ${step.error}`);
  return lines.join("\n");
}
