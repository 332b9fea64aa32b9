import { describe, expect, it } from "vitest";
import { PATTERN_INPUT_MAX, retryPolicySchema, runChecksSchema, unsafePatternProblem } from "./checks.ts";

describe("checks as a task or run sends them", () => {
  it("accepts each kind, the path defaulting to the whole answer", () => {
    const parsed = runChecksSchema.parse({
      assertions: [
        { kind: "field_present", path: "items.0.name" },
        { kind: "pattern", pattern: "^\\d+$" },
        { kind: "range", path: "price", min: 1 },
        { kind: "min_items", path: "items", n: 2 },
        { kind: "on_page", path: "name" },
      ],
      judge: { instructions: "The price is the 1 kg bag's." },
    });
    expect(parsed.assertions[1]).toEqual({ kind: "pattern", path: "", pattern: "^\\d+$" });
    expect(parsed.judge).toEqual({ instructions: "The price is the 1 kg bag's." });
  });

  it("refuses an unknown kind, a range without bounds, and bounds the wrong way round", () => {
    const problems = (assertions: unknown[]) => runChecksSchema.safeParse({ assertions }).error?.issues.map((i) => i.message);
    expect(problems([{ kind: "equals", path: "a" }])).toEqual(["kind must be one of field_present, pattern, range, min_items, on_page"]);
    expect(problems([{ kind: "range", path: "a" }])).toEqual(["a range check needs min, max or both"]);
    expect(problems([{ kind: "range", path: "a", min: 5, max: 1 }])).toEqual(["min must not be above max"]);
    expect(problems([{ kind: "field_present", path: "a..b" }])).toEqual(['path must be field names joined by dots, e.g. "items.0.price"']);
  });

  it("takes a retry policy of 0 to 5 retries", () => {
    expect(retryPolicySchema.parse({ max: 2 })).toEqual({ on_verdict_fail: false, on_failure_kinds: [], max: 2 });
    expect(retryPolicySchema.safeParse({ max: 6 }).error?.issues[0]?.message).toBe("max must be a whole number from 0 to 5");
  });
});

describe("a pattern check's regular expression", () => {
  it("is accepted when it cannot backtrack without bound", () => {
    for (const pattern of ["^\\d+(\\.\\d{2})?$", "^[A-Z]{3}-\\d+$", "^\\S+@\\S+$", "(ab)+", "colou?r", "^(?:EUR|USD) \\d+$"])
      expect(unsafePatternProblem(pattern), pattern).toBeNull();
  });

  it("is refused when a repeated group repeats inside: the catastrophic patterns", () => {
    for (const pattern of ["(a+)+$", "^(a|aa)*$", "(?:x*y){2,}", "^(\\w+\\s?)*$", "((a+))+"])
      expect(unsafePatternProblem(pattern), pattern).toBe("pattern must not repeat a group that itself repeats, e.g. (a+)+");
  });

  it("is refused with more than two open-ended repeats, backreferences, lookarounds, or when too long or invalid", () => {
    expect(unsafePatternProblem(".*.*.*x")).toBe("pattern must have at most 2 open-ended repeats (*, + or {n,})");
    expect(unsafePatternProblem("(a)\\1")).toBe("pattern must not use backreferences");
    expect(unsafePatternProblem("a(?=b)")).toBe("pattern must not use lookarounds");
    expect(unsafePatternProblem("a".repeat(201))).toBe("pattern must be at most 200 characters");
    expect(unsafePatternProblem("(")).toMatch(/^pattern is not a valid regular expression/);
  });

  it("is refused in a check as it is sent", () => {
    const sent = runChecksSchema.safeParse({ assertions: [{ kind: "pattern", path: "a", pattern: "(a+)+$" }] });
    expect(sent.error?.issues[0]?.message).toBe("pattern must not repeat a group that itself repeats, e.g. (a+)+");
  });

  it("tests a bounded text: an accepted pattern at its worst on the longest text still ends", () => {
    // Two open-ended repeats that never match: quadratic at worst, on PATTERN_INPUT_MAX characters.
    expect(new RegExp("^a*a*b$", "u").test("a".repeat(PATTERN_INPUT_MAX))).toBe(false);
  });
});
