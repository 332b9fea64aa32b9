import { describe, expect, it } from "vitest";
import {
  checksProblem,
  checksToFormValues,
  EMPTY_CHECKS_FORM,
  newCheckRow,
  retryProblem,
  toChecks,
  toRetryPolicy,
} from "./task-checks-form";

const form = (change: Partial<typeof EMPTY_CHECKS_FORM>) => ({ ...EMPTY_CHECKS_FORM, ...change });

describe("the task form's Checks section", () => {
  it("sends no checks and no retry policy when it is left empty", () => {
    expect(toChecks(EMPTY_CHECKS_FORM)).toBeNull();
    expect(toRetryPolicy(EMPTY_CHECKS_FORM)).toBeNull();
  });

  it("sends each row as the API's check, and the judge's instructions", () => {
    const values = form({
      rows: [
        { ...newCheckRow("pattern"), path: " sku ", pattern: "^[A-Z]+$" },
        { ...newCheckRow("range"), path: "price", min: "1", max: "" },
        { ...newCheckRow("min_items"), path: "items", n: "3" },
        { ...newCheckRow("on_page"), path: "" },
      ],
      judgeInstructions: " The 1 kg bag. ",
    });
    expect(toChecks(values)).toEqual({
      assertions: [
        { kind: "pattern", path: "sku", pattern: "^[A-Z]+$" },
        { kind: "range", path: "price", min: 1, max: undefined },
        { kind: "min_items", path: "items", n: 3 },
        { kind: "on_page", path: "" },
      ],
      judge: { instructions: "The 1 kg bag." },
    });
  });

  it("reads a saved task's checks and retry policy back into the same rows", () => {
    const saved = {
      checks: { assertions: [{ kind: "range" as const, path: "price", min: 1, max: 9 }], judge: { instructions: "Check." } },
      retry: { on_verdict_fail: true, on_failure_kinds: ["page_error", "site_unreachable"], max: 2 },
    };
    const values = checksToFormValues(saved);
    expect(values).toEqual({
      rows: [{ ...newCheckRow("range"), path: "price", min: "1", max: "9" }],
      judgeInstructions: "Check.",
      retryOnVerdictFail: true,
      retryKinds: "page_error, site_unreachable",
      retryMax: "2",
    });
    expect(toChecks(values)).toEqual(saved.checks);
    expect(toRetryPolicy(values)).toEqual(saved.retry);
  });

  it("names the row of a problem: an unsafe pattern, a range without bounds, retries out of range", () => {
    expect(checksProblem(form({ rows: [newCheckRow(), { ...newCheckRow("pattern"), pattern: "(a+)+" }] }))).toBe(
      "Check 2: pattern must not repeat a group that itself repeats, e.g. (a+)+.",
    );
    expect(checksProblem(form({ rows: [newCheckRow("range")] }))).toBe("Check 1: enter a minimum, a maximum or both.");
    expect(retryProblem(form({ retryMax: "6" }))).toBe("Retries must be a whole number from 0 to 5.");
    expect(retryProblem(form({ retryMax: "2" }))).toBeUndefined();
  });
});
