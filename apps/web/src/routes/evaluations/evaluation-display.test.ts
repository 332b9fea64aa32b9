import { describe, expect, it } from "vitest";
import {
  cellOutcome,
  cellWhy,
  failureKindLines,
  formatCost,
  formatRate,
  passedLabel,
  progressLabel,
  verdictsLabel,
} from "./evaluation-display";

const counts = { waiting: 1, running: 2, done: 4, skipped: 1, refused: 0 };
const cell = { state: "done", passed: false, failure_kind: null, expected_match: null, verdict: null, reason: null } as const;

describe("evaluation figures in words", () => {
  it("counts skipped and refused cells as ended in the progress", () => {
    expect(progressLabel(counts, 8)).toBe("5 of 8 runs ended");
  });

  it("says rates as percentages and costs as dollars, and a dash before anything ended", () => {
    expect(formatRate(2 / 3)).toBe("67%");
    expect(formatRate(null)).toBe("—");
    expect(formatCost(115)).toBe("$0.0115");
    expect(formatCost(null)).toBe("—");
  });

  it("says beside a model's rate how many of its ended cases passed, and how many are to go", () => {
    expect(passedLabel({ cases: 4, ended: 4, passed: 3 })).toBe("3 of 4 passed");
    expect(passedLabel({ cases: 4, ended: 2, passed: 1 })).toBe("1 of 2 passed, 2 to go");
    expect(passedLabel({ cases: 4, ended: 0, passed: 0 })).toBe("Nothing ended yet");
  });

  it("lists verdicts that occurred and failure kinds in words, most frequent first", () => {
    expect(verdictsLabel({ pass: 2, fail: 0, unsure: 1, none: 1 })).toBe("Verified 2 · Unsure 1 · Not checked 1");
    expect(failureKindLines({ time_limit: 1, agent_gave_up: 2 })).toEqual(["The agent could not do the task: 2", "Time limit reached: 1"]);
  });

  it("says why a cell failed: a missed expected answer, else its failure kind, else failed checks", () => {
    expect(cellOutcome(cell)).toEqual({ word: "Failed", tone: "failure" });
    expect(cellWhy({ ...cell, failure_kind: "verification_failed", expected_match: false })).toBe("The answer missed the expected one");
    expect(cellWhy({ ...cell, failure_kind: "agent_gave_up" })).toBe("The agent could not do the task");
    expect(cellWhy({ ...cell, verdict: "fail" })).toBe("The answer failed its checks");
    expect(cellWhy({ ...cell, passed: true })).toBeNull();
    expect(cellWhy({ ...cell, state: "refused", passed: null, reason: "Insufficient credits" })).toBe("Insufficient credits");
  });
});
