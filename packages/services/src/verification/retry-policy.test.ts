import type { Verification } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { retryWanted } from "./retry-policy.ts";

const failed: Verification = { verdict: "fail", checks: [] };
const policy = (change: object) => ({ on_verdict_fail: false, on_failure_kinds: [], max: 2, ...change });

describe("whether a task's retry policy asks for an ended run to be tried again", () => {
  it("asks on a failed verdict when on_verdict_fail, or when verification_failed is a listed kind", () => {
    expect(
      retryWanted(policy({ on_verdict_fail: true }), { status: "failed", verification: failed, failureKind: "verification_failed" }),
    ).toBe(true);
    expect(
      retryWanted(policy({ on_failure_kinds: ["verification_failed"] }), {
        status: "failed",
        verification: failed,
        failureKind: "verification_failed",
      }),
    ).toBe(true);
    expect(
      retryWanted(policy({ on_failure_kinds: ["page_error"] }), {
        status: "failed",
        verification: failed,
        failureKind: "verification_failed",
      }),
    ).toBe(false);
  });

  it("never asks for a success, a cancelled run, a policy of 0 retries or no policy", () => {
    expect(
      retryWanted(policy({ on_verdict_fail: true }), {
        status: "success",
        verification: { verdict: "unsure", checks: [] },
        failureKind: null,
      }),
    ).toBe(false);
    expect(retryWanted(policy({ on_verdict_fail: true }), { status: "cancelled", verification: failed, failureKind: "cancelled" })).toBe(
      false,
    );
    expect(
      retryWanted(policy({ on_verdict_fail: true, max: 0 }), {
        status: "failed",
        verification: failed,
        failureKind: "verification_failed",
      }),
    ).toBe(false);
    expect(retryWanted(null, { status: "failed", verification: failed, failureKind: "verification_failed" })).toBe(false);
  });

  it("does not ask for a failed run without a verdict unless its failure kind is listed", () => {
    expect(retryWanted(policy({ on_verdict_fail: true }), { status: "failed", verification: null, failureKind: "page_error" })).toBe(false);
    // A run's own kind, as the failure kinds record it (docs/adr/0042-failure-kinds.md).
    expect(
      retryWanted(policy({ on_failure_kinds: ["page_error"] }), { status: "failed", verification: null, failureKind: "page_error" }),
    ).toBe(true);
    expect(
      retryWanted(policy({ on_failure_kinds: ["site_unreachable"] }), { status: "error", verification: null, failureKind: "model_error" }),
    ).toBe(false);
  });
});
