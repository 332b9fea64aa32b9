import { PATTERN_INPUT_MAX, type Check, type CheckResult } from "@errand/contract";
import { quote, valueAt } from "./answer-path.ts";

/** What the assertions are judged on: the answer (see readAnswer) and the last page's text. */
export interface AssertionEvidence {
  answer: unknown;
  /** The visible text of the page the run ended on; null when it could not be read. */
  pageText: string | null;
}

/** Each assertion of a run judged on its answer (docs/adr/0043-verified-results.md), in the order they were written. */
export function evaluateAssertions(checks: readonly Check[], evidence: AssertionEvidence): CheckResult[] {
  return checks.map((check) => {
    const found = valueAt(evidence.answer, check.path);
    const label = check.path || "the answer";
    const result = (passed: boolean, message: string): CheckResult => ({ kind: check.kind, path: check.path, passed, message });
    if (!found.found) return result(false, found.why);
    const { value } = found;
    switch (check.kind) {
      case "field_present":
        return isEmpty(value) ? result(false, `${label} is empty`) : result(true, `${label} is present`);
      case "pattern":
        return patternResult(check.pattern, label, value, result);
      case "range":
        return rangeResult(check, label, value, result);
      case "min_items":
        if (!Array.isArray(value)) return result(false, `${label} is not a list`);
        return result(
          value.length >= check.n,
          `${label} has ${value.length} ${value.length === 1 ? "item" : "items"}, at least ${check.n} wanted`,
        );
      case "on_page":
        return onPageResult(label, value, evidence.pageText, result);
    }
  });
}

type Result = (passed: boolean, message: string) => CheckResult;

function isEmpty(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

const scalarText = (value: unknown) =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : null;

function patternResult(pattern: string, label: string, value: unknown, result: Result): CheckResult {
  const text = scalarText(value);
  if (text === null) return result(false, `${label} is not text or a number`);
  // The pattern was judged safe when it was saved (unsafePatternProblem); the text is capped too.
  if (text.length > PATTERN_INPUT_MAX) return result(false, `${label} is longer than ${PATTERN_INPUT_MAX} characters`);
  const matches = new RegExp(pattern, "u").test(text);
  return result(matches, `${label} ${quote(value)} ${matches ? "matches" : "does not match"} /${pattern}/`);
}

function rangeResult(check: { min?: number; max?: number }, label: string, value: unknown, result: Result): CheckResult {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n)) return result(false, `${label} ${quote(value)} is not a number`);
  const bounds = `${check.min ?? "-∞"}..${check.max ?? "∞"}`;
  const inside = (check.min === undefined || n >= check.min) && (check.max === undefined || n <= check.max);
  return result(inside, `${label} is ${n}, ${inside ? "within" : "outside"} ${bounds}`);
}

/** Compared ignoring case and runs of white space: pages wrap and style text as they like. */
const normalize = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

function onPageResult(label: string, value: unknown, pageText: string | null, result: Result): CheckResult {
  if (pageText === null) return result(false, "the last page could not be read");
  const values = Array.isArray(value) ? value : [value];
  const texts = values.map(scalarText);
  if (texts.length === 0 || texts.some((t) => t === null || t.trim() === "")) return result(false, `${label} is not text or a number`);
  const page = normalize(pageText);
  const missing = texts.filter((t) => !page.includes(normalize(t!)));
  if (missing.length) return result(false, `${quote(missing[0])} from ${label} is not on the last page`);
  return result(true, `${label} ${quote(value)} is on the last page`);
}
