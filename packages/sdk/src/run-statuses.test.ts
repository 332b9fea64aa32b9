import { FINAL_RUN_STATUSES } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { FINAL_STATUSES, isFinalStatus } from "./run-statuses.ts";

describe("the SDK's final run statuses", () => {
  it("are the contract's (kept apart so the SDK does not bundle zod)", () => {
    expect([...FINAL_STATUSES].sort()).toEqual([...FINAL_RUN_STATUSES].sort());
    expect(isFinalStatus("pending")).toBe(false);
  });
});
