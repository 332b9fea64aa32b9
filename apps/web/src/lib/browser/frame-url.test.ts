import { describe, expect, it } from "vitest";
import { safeFrameUrl } from "./frame-url";

const BASE = "https://app.example.com/tasks/1";

describe("safeFrameUrl", () => {
  it("keeps absolute http(s) URLs", () => {
    expect(safeFrameUrl("https://app.example.com/live.html?token=abc", BASE)).toBe("https://app.example.com/live.html?token=abc");
    expect(safeFrameUrl("http://localhost:3000/live.html#t=1", BASE)).toBe("http://localhost:3000/live.html#t=1");
  });

  it("resolves a path against the page", () => {
    expect(safeFrameUrl("/live.html?token=abc", BASE)).toBe("https://app.example.com/live.html?token=abc");
  });

  it("refuses other schemes", () => {
    expect(safeFrameUrl("javascript:alert(1)", BASE)).toBeNull();
    expect(safeFrameUrl(" JavaScript:alert(1)", BASE)).toBeNull();
    expect(safeFrameUrl("data:text/html,<p>hi</p>", BASE)).toBeNull();
  });

  it("refuses what is not a URL", () => {
    expect(safeFrameUrl("http://", BASE)).toBeNull();
  });
});
