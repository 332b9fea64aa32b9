import { describe, expect, it } from "vitest";
import { runLimits, timeLimit } from "./run-limits.ts";

describe("a run's time limit", () => {
  it("is the session timeout, or what the held credits pay for, with the reason a person reads", () => {
    expect(runLimits({ sessionTimeout: 300, creditLimitSeconds: null })).toEqual({ timeoutMs: 300_000 });
    expect(runLimits({ sessionTimeout: 300, creditLimitSeconds: 300 })).toEqual({ timeoutMs: 300_000 });
    expect(runLimits({ sessionTimeout: 300, creditLimitSeconds: 130 })).toEqual({
      timeoutMs: 130_000,
      timeoutReason:
        "The run stopped after 130 s: your credits covered no more of its 300 s time limit. Add credits to give runs more time.",
    });
  });

  it("is what the API shows as time_limit, with its note when the credits cut it", () => {
    expect(timeLimit({ sessionTimeout: 300, creditLimitSeconds: null })).toEqual({ time_limit: 300, time_limit_note: null });
    expect(timeLimit({ sessionTimeout: 300, creditLimitSeconds: 130 })).toEqual({
      time_limit: 130,
      time_limit_note: "Your credits cover 130 s of this 300 s run.",
    });
  });
});
