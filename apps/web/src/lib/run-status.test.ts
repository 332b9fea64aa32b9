import { describe, expect, it } from "vitest";
import { isFinalStatus, statusTone, thumbnailTone } from "./run-status";

describe("run status colours (spec section 4)", () => {
  it("badge: pending yellow, success green, failed and error red, others grey", () => {
    expect(statusTone("pending")).toBe("pending");
    expect(statusTone("success")).toBe("success");
    expect(statusTone("failed")).toBe("failure");
    expect(statusTone("error")).toBe("failure");
    expect(statusTone("cancelled")).toBe("neutral");
    expect(statusTone("failure")).toBe("neutral");
    expect(statusTone("whatever")).toBe("neutral");
  });

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
