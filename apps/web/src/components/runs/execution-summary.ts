/**
 * How a run was carried out, in words for the run page: replayed without the model, repaired by
 * the agent, or the agent alone. Pure: unit-tested in node.
 */
import type { ExecutionKind, RunExecution, Step } from "@errand/contract";

export interface ExecutionSummary {
  kind: ExecutionKind;
  /** "Replayed without the model (recording v1)", "Replayed, repaired by the agent: steps 3, 5", "Agent". */
  headline: string;
  /** What follows the headline: the recording the run left, what it saved. */
  details: string[];
  /** Why the run was not replayed, or where the replay missed. */
  note: string | null;
}

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const seconds = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "Saved 12.3 s and 7,437 tokens"; only what is known and more than nothing; null when neither is. */
export function savedText(secondsSaved: number | null, tokensSaved: number | null): string | null {
  const parts: string[] = [];
  if (secondsSaved !== null && Number.isFinite(secondsSaved) && secondsSaved > 0) parts.push(`${seconds.format(secondsSaved)} s`);
  if (tokensSaved !== null && Number.isFinite(tokensSaved) && tokensSaved > 0)
    parts.push(`${integer.format(tokensSaved)} ${tokensSaved === 1 ? "token" : "tokens"}`);
  return parts.length ? `Saved ${parts.join(" and ")}` : null;
}

/** "step 3", "steps 3, 5"; "" for none. */
export function stepNumbersText(numbers: readonly number[]): string {
  if (numbers.length === 0) return "";
  return `${numbers.length === 1 ? "step" : "steps"} ${numbers.join(", ")}`;
}

export function executionSummary(execution: RunExecution): ExecutionSummary {
  const note = execution.note?.trim() || null;
  const saved = savedText(execution.seconds_saved, execution.tokens_saved);
  const version = execution.new_recording_version;
  switch (execution.kind) {
    case "replayed": {
      const from = execution.recording_version === null ? "" : ` (recording v${execution.recording_version})`;
      return { kind: "replayed", headline: `Replayed without the model${from}`, details: saved ? [saved] : [], note };
    }
    case "repaired": {
      const steps = stepNumbersText(execution.repaired_steps);
      const details = [version === null ? null : `New recording v${version}`, saved].filter((part): part is string => part !== null);
      return { kind: "repaired", headline: `Replayed, repaired by the agent${steps ? `: ${steps}` : ""}`, details, note };
    }
    case "agent":
      return { kind: "agent", headline: "Agent", details: version === null ? [] : [`Recorded as v${version}`], note };
  }
}

/** The summary in one line: "Agent · Recorded as v1". */
export function executionLine(summary: Pick<ExecutionSummary, "headline" | "details">): string {
  return [summary.headline, ...summary.details].join(" · ");
}

/** A step a replay did without the model (its actions say `replayed: true`). */
export function isReplayedStep(step: Pick<Step, "action">): boolean {
  return step.action?.some((action) => action.input.replayed === true) ?? false;
}

/** A replayed step whose recorded action could not be repeated (the agent took over after it). */
export function isMissedReplayStep(step: Pick<Step, "action">): boolean {
  return step.action?.some((action) => action.input.replayed === true && !action.ok) ?? false;
}
