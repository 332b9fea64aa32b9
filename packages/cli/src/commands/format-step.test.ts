import type { Run } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { formatCharge, formatRunEnd } from "./format-step.ts";

const ended = (fields: Partial<Run>) =>
  ({
    status: "success",
    status_reason: null,
    execution_time: 12.34,
    input_tokens: 12345,
    output_tokens: 678,
    charge: null,
    result: null,
    ...fields,
  }) as Run;

describe("the ended run for the terminal", () => {
  it("says what the run cost: execution time, the charge and the model's tokens", () => {
    expect(formatRunEnd(ended({ charge: { kind: "credits", credits: 284 }, result: "It costs $1,299.00" }))).toBe(
      [
        "Status: success",
        "Execution time: 12.3 s",
        "Cost: $0.0284",
        "Tokens: 12,345 in · 678 out",
        "",
        "Result:",
        "It costs $1,299.00",
      ].join("\n"),
    );
  });

  it("names a free prompt, and a run that was not charged", () => {
    expect(formatCharge({ kind: "free_prompt", credits: 0 })).toBe("Free prompt");
    expect(formatCharge({ kind: "none", credits: 0 })).toBe("Not charged");
    // Billing off (the CLI's own runs): no charge at all.
    expect(formatCharge(null)).toBe("Not charged");
  });

  it("gives the reason of a run that did not succeed", () => {
    expect(formatRunEnd(ended({ status: "failed", status_reason: "The time limit was reached.", execution_time: null }))).toContain(
      "Status: failed (The time limit was reached.)\nExecution time: ?\n",
    );
  });

  it("names the failure kind of a run that did not succeed, in the contract's words", () => {
    const run = ended({
      status: "failed",
      status_reason: "Stopped: the time limit was reached.",
      failure: { kind: "time_limit", message: "x" },
    });
    expect(formatRunEnd(run)).toContain(
      "Status: failed (Stopped: the time limit was reached.)\nFailure kind: time_limit (Time limit reached)\n",
    );
    expect(formatRunEnd(ended({ failure: null }))).not.toContain("Failure kind");
  });
});
