import { describe, expect, it } from "vitest";
import { endedReason } from "./use-viewer-ended";

describe("endedReason", () => {
  it("reads the end reason the live viewer posts", () => {
    expect(endedReason({ source: "errand-live", type: "ended", reason: "idle" })).toBe("idle");
    expect(endedReason({ source: "errand-live", type: "ended", reason: "closed" })).toBe("closed");
  });

  it("ignores state messages and anything not from the viewer", () => {
    expect(endedReason({ source: "errand-live", type: "state", interactive: true, url: "https://a.example" })).toBeNull();
    expect(endedReason({ source: "other", type: "ended", reason: "idle" })).toBeNull();
    expect(endedReason({ source: "errand-live", type: "ended" })).toBeNull();
    expect(endedReason("ended")).toBeNull();
    expect(endedReason(null)).toBeNull();
  });
});
