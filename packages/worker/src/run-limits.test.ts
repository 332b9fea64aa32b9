import { describe, expect, it } from "vitest";
import { runLimits } from "./execute-run.ts";

describe("a run's time limit", () => {
  it("is the session timeout, or what the held credits pay for, with the reason a person reads", () => {
    expect(runLimits({ sessionTimeout: 300, creditLimitSeconds: null })).toEqual({ timeoutMs: 300_000 });
    expect(runLimits({ sessionTimeout: 300, creditLimitSeconds: 130 })).toEqual({
      timeoutMs: 130_000,
      timeoutReason: "The run stopped after 130 s: your credits covered no more of its 300 s time limit. Add credits to give runs more time.",
    });
  });
});
