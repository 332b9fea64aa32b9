import {
  FAILURE_KIND_LABELS,
  type EvaluationCell,
  type EvaluationCounts,
  type EvaluationModelResult,
  type EvaluationModelSummary,
  type FailureKind,
} from "@errand/contract";
import { formatDurationMs } from "../../lib/format/display-format";
import { numberFormat } from "../../lib/format/intl-cache";
import { formatRunCredits } from "../../lib/runs/run-display";

/**
 * An evaluation's figures in words, for its page, its list and its shared report. Pure: no DOM,
 * so they are unit-tested in node.
 */

/** Cells that will not change any more: their run ended, or they were skipped or refused. */
export function endedCells(counts: EvaluationCounts): number {
  return counts.done + counts.skipped + counts.refused;
}

/** "3 of 8 runs ended". */
export function progressLabel(counts: EvaluationCounts, total: number): string {
  return `${endedCells(counts)} of ${total} ${total === 1 ? "run" : "runs"} ended`;
}

/** A success rate from 0 to 1 as "67%", or "—" while none of its cases has ended. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)}%`;
}

/** Beside a model's success rate on the list: "3 of 4 passed", "1 of 2 passed, 2 to go", or "Nothing ended yet". */
export function passedLabel({ cases, ended, passed }: Pick<EvaluationModelResult, "cases" | "ended" | "passed">): string {
  if (ended === 0) return "Nothing ended yet";
  return `${passed} of ${ended} passed${ended < cases ? `, ${cases - ended} to go` : ""}`;
}

/** Credit units as dollars to the 1/100 cent runs are charged in, as on the run page ("$0.0115"), or "—". */
export function formatCost(units: number | null): string {
  return units === null ? "—" : formatRunCredits(units);
}

/** A number of tokens, rounded: "1,235", or "—". */
export function formatTokens(tokens: number | null, locale?: string): string {
  return tokens === null ? "—" : numberFormat(locale).format(Math.round(tokens));
}

/** A time in milliseconds: "850 ms", "12.5 s", or "—". */
export const formatTime = formatDurationMs;

/** "Verified 2 · Failed checks 1 · Unsure 0 · No checks 1", leaving out the kinds with none. */
export function verdictsLabel(verdicts: EvaluationModelSummary["verdicts"]): string {
  const parts = [
    ["Verified", verdicts.pass],
    ["Failed checks", verdicts.fail],
    ["Unsure", verdicts.unsure],
    ["Not checked", verdicts.none],
  ] as const;
  const said = parts.filter(([, count]) => count > 0).map(([word, count]) => `${word} ${count}`);
  return said.length > 0 ? said.join(" · ") : "—";
}

/** The failure kinds in words, most frequent first: ["The agent could not do the task: 2", ...]. */
export function failureKindLines(kinds: EvaluationModelSummary["failure_kinds"]): string[] {
  return (Object.entries(kinds) as [FailureKind, number | undefined][])
    .filter((entry): entry is [FailureKind, number] => (entry[1] ?? 0) > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${FAILURE_KIND_LABELS[kind]}: ${count}`);
}

/** What a cell of the case x model grid says, first word first: "Passed", "Failed", "Running"… */
export function cellOutcome(cell: Pick<EvaluationCell, "state" | "passed">): {
  word: string;
  tone: "success" | "failure" | "pending" | "neutral";
} {
  if (cell.state === "waiting") return { word: "Waiting", tone: "neutral" };
  if (cell.state === "running") return { word: "Running", tone: "pending" };
  if (cell.state === "skipped") return { word: "Skipped", tone: "neutral" };
  if (cell.state === "refused") return { word: "Not started", tone: "failure" };
  if (cell.passed === null) return { word: "Ended", tone: "neutral" };
  return cell.passed ? { word: "Passed", tone: "success" } : { word: "Failed", tone: "failure" };
}

/**
 * Why a cell failed, in words: a missed expected answer (which the run counts as failed checks),
 * else its failure kind, else failed checks.
 */
export function cellWhy(
  cell: Pick<EvaluationCell, "state" | "passed" | "failure_kind" | "expected_match" | "verdict" | "reason">,
): string | null {
  if (cell.state === "refused") return cell.reason;
  if (cell.state !== "done" || cell.passed !== false) return null;
  if (cell.expected_match === false) return "The answer missed the expected one";
  if (cell.failure_kind) return FAILURE_KIND_LABELS[cell.failure_kind];
  if (cell.verdict === "fail") return "The answer failed its checks";
  return cell.reason;
}
