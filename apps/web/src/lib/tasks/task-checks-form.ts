import { CHECKS_LIMITS, unsafePatternProblem, type CheckKind, type RetryPolicy, type RunChecks, type Task } from "@errand/contract";

/**
 * The task form's "Checks" section (docs/adr/0043-verified-results.md): assertions on the answer,
 * the judge's instructions and the retry policy, as typed, with their validation and request
 * fields. Pure: unit-tested in node.
 */
export interface CheckRowValues {
  kind: CheckKind;
  /** Dotted path into the answer; "" is the whole answer. */
  path: string;
  pattern: string;
  min: string;
  max: string;
  n: string;
}

export interface ChecksFormValues {
  rows: CheckRowValues[];
  judgeInstructions: string;
  retryOnVerdictFail: boolean;
  /** Failure kinds as typed, separated by commas. */
  retryKinds: string;
  retryMax: string;
}

export const EMPTY_CHECKS_FORM: ChecksFormValues = {
  rows: [],
  judgeInstructions: "",
  retryOnVerdictFail: false,
  retryKinds: "",
  retryMax: "0",
};

export const CHECK_KIND_LABELS: Record<CheckKind, string> = {
  field_present: "Field is present",
  pattern: "Matches a pattern",
  range: "Number in a range",
  min_items: "At least N items",
  on_page: "Value is on the last page",
};

export const newCheckRow = (kind: CheckKind = "field_present"): CheckRowValues => ({
  kind,
  path: "",
  pattern: "",
  min: "",
  max: "",
  n: "1",
});

export const RETRY_MAX_MESSAGE = `Retries must be a whole number from 0 to ${CHECKS_LIMITS.maxRetries}.`;

const blank = (text: string) => text.trim() === "";
const numberOrUndefined = (text: string) => (blank(text) ? undefined : Number(text.trim()));

/** The first problem of the section, or undefined. */
export function checksProblem(values: ChecksFormValues): string | undefined {
  for (const [i, row] of values.rows.entries()) {
    const which = `Check ${i + 1}`;
    if (row.kind === "pattern") {
      if (blank(row.pattern)) return `${which}: enter a pattern.`;
      const problem = unsafePatternProblem(row.pattern);
      if (problem) return `${which}: ${problem}.`;
    }
    if (row.kind === "range") {
      const [min, max] = [numberOrUndefined(row.min), numberOrUndefined(row.max)];
      if (min === undefined && max === undefined) return `${which}: enter a minimum, a maximum or both.`;
      if ([min, max].some((v) => v !== undefined && !Number.isFinite(v))) return `${which}: minimum and maximum must be numbers.`;
      if (min !== undefined && max !== undefined && min > max) return `${which}: the minimum is above the maximum.`;
    }
    if (row.kind === "min_items" && !(Number.isInteger(Number(row.n)) && Number(row.n) >= 1))
      return `${which}: N must be a whole number from 1.`;
  }
  return undefined;
}

export function retryProblem(values: ChecksFormValues): string | undefined {
  const max = Number(values.retryMax.trim() || "0");
  return Number.isInteger(max) && max >= 0 && max <= CHECKS_LIMITS.maxRetries ? undefined : RETRY_MAX_MESSAGE;
}

/** The API's checks, or null when the section holds none. */
export function toChecks(values: ChecksFormValues): RunChecks | null {
  const judge = blank(values.judgeInstructions) ? null : { instructions: values.judgeInstructions.trim() };
  if (values.rows.length === 0 && !judge) return null;
  const assertions = values.rows.map((row): RunChecks["assertions"][number] => {
    const path = row.path.trim();
    switch (row.kind) {
      case "pattern":
        return { kind: "pattern", path, pattern: row.pattern };
      case "range":
        return { kind: "range", path, min: numberOrUndefined(row.min), max: numberOrUndefined(row.max) };
      case "min_items":
        return { kind: "min_items", path, n: Number(row.n) };
      default:
        return { kind: row.kind, path };
    }
  });
  return { assertions, judge };
}

/** The API's retry policy, or null when it never retries. */
export function toRetryPolicy(values: ChecksFormValues): RetryPolicy | null {
  const max = Number(values.retryMax.trim() || "0");
  const kinds = values.retryKinds
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (max === 0 && !values.retryOnVerdictFail && kinds.length === 0) return null;
  return { on_verdict_fail: values.retryOnVerdictFail, on_failure_kinds: kinds, max };
}

export function checksToFormValues(task: Partial<Pick<Task, "checks" | "retry">>): ChecksFormValues {
  const rows = (task.checks?.assertions ?? []).map((check) => ({
    ...newCheckRow(check.kind),
    path: check.path,
    ...(check.kind === "pattern" && { pattern: check.pattern }),
    ...(check.kind === "range" && {
      min: check.min === undefined ? "" : String(check.min),
      max: check.max === undefined ? "" : String(check.max),
    }),
    ...(check.kind === "min_items" && { n: String(check.n) }),
  }));
  return {
    rows,
    judgeInstructions: task.checks?.judge?.instructions ?? "",
    retryOnVerdictFail: task.retry?.on_verdict_fail ?? false,
    retryKinds: (task.retry?.on_failure_kinds ?? []).join(", "),
    retryMax: String(task.retry?.max ?? 0),
  };
}
