import { describe, expect, it } from "vitest";
import type { StepAction } from "@errand/contract";
import { describeAction, mergeSteps, stepBadge, stepSummary } from "./steps";

describe("mergeSteps", () => {
  it("adds live steps in step order and replaces repeats", () => {
    const a = { id: "a", number: 1, v: 1 };
    const b = { id: "b", number: 2, v: 1 };
    const c = { id: "c", number: 3, v: 1 };
    expect(mergeSteps([a], [c, b]).map((s) => s.id)).toEqual(["a", "b", "c"]);
    expect(mergeSteps([a, b], [{ ...b, v: 2 }])).toEqual([a, { ...b, v: 2 }]);
    expect(mergeSteps([], [])).toEqual([]);
  });
});

describe("step actions", () => {
  it("describes actions for people", () => {
    const d = (name: StepAction["name"], input: StepAction["input"] = {}) => describeAction({ name, input, ok: true, error: null });
    expect(d("navigate", { url: "https://example.com" })).toBe("Navigate to https://example.com");
    expect(d("click", { index: 12 })).toBe("Click element [12]");
    expect(d("type", { index: 3, text: "hello", press_enter: true })).toBe('Type "hello" into [3] and press Enter');
    expect(d("scroll", { direction: "up" })).toBe("Scroll up");
    expect(d("extract", { question: "What is the price?" })).toBe('Extract "What is the price?"');
    expect(d("done", { success: true })).toBe("Finish");
    expect(d("go_back")).toBe("Go back");
    expect(d("upload_file", { index: 7, files: ["invoice.pdf", "photo.jpg"] })).toBe('Upload "invoice.pdf", "photo.jpg" into [7]');
    expect(d("type", { index: 1, text: "x".repeat(100) })).toMatch(/…" into \[1\]$/);
  });

  it("summarises a step by content, error, then actions", () => {
    expect(stepSummary({ extracted_content: " 49 ", error: "x", action: [] })).toBe("49");
    expect(stepSummary({ extracted_content: null, error: "Timed out", action: [] })).toBe("Timed out");
    const actions: StepAction[] = [
      { name: "click", input: { index: 4 }, ok: true, error: null },
      { name: "type", input: { index: 5, text: "laptop" }, ok: false, error: "Not run" },
    ];
    expect(stepSummary({ extracted_content: "", error: null, action: actions })).toBe('Click element [4], Type "laptop" into [5]');
    expect(stepSummary({ extracted_content: null, error: null, action: null })).toBe("");
  });

  it("badges Success, Failed or nothing", () => {
    expect(stepBadge(true)).toBe("Success");
    expect(stepBadge(false)).toBe("Failed");
    expect(stepBadge(null)).toBeNull();
  });
});
