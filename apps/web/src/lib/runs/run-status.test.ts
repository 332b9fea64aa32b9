import { describe, expect, it } from "vitest";
import { isFinalStatus, laterRun, statusTone, thumbnailTone } from "./run-status";

describe("run status colours (spec section 4)", () => {
  it.each(
    Object.entries({
      pending: "pending",
      success: "success",
      failed: "failure",
      error: "failure",
      cancelled: "neutral",
      failure: "neutral",
      whatever: "neutral",
    }),
  )("badge: pending yellow, success green, failed and error red, others grey: %s is %s", (status, tone) =>
    expect(statusTone(status)).toBe(tone),
  );

  it("history thumbnails also treat failure and failing as red", () => {
    expect(thumbnailTone("pending")).toBe("pending");
    expect(thumbnailTone("success")).toBe("success");
    for (const status of ["failed", "error", "failure", "failing"]) expect(thumbnailTone(status)).toBe("failure");
    expect(thumbnailTone("cancelled")).toBe("neutral");
  });

  it("knows the final statuses", () => {
    expect(isFinalStatus("pending")).toBe(false);
    for (const status of ["success", "failed", "error", "cancelled"]) expect(isFinalStatus(status)).toBe(true);
  });
});

type Shown = { status: string; result: string | null };

describe("laterRun", () => {
  it("keeps an ended run when a read from before its end arrives late", () => {
    const ended: Shown = { status: "success", result: "Done." };
    expect(laterRun(ended, { status: "pending", result: null })).toBe(ended);
  });

  it("takes every other read", () => {
    const pending: Shown = { status: "pending", result: null };
    const ended: Shown = { status: "failed", result: null };
    expect(laterRun(undefined, pending)).toBe(pending);
    expect(laterRun(pending, ended)).toBe(ended);
    expect(laterRun(pending, { ...pending })).toEqual(pending);
    // An ended run read again (e.g. made public since) is the newer one.
    const again = { status: "failed", result: "x" };
    expect(laterRun(ended, again)).toBe(again);
  });
});
