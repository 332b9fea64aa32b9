import { describe, expect, it } from "vitest";
import { buildMessages, foldedCount, KEEP_STEPS } from "./history.ts";
import type { HistoryStep } from "./history.ts";

const step = (i: number): HistoryStep => ({
  assistantText: "",
  calls: [{ id: `c${i}`, name: "click", input: { index: i } }],
  results: [{ id: `c${i}`, name: "click", text: `Clicked [${i}].` }],
  pageAfter: `"Page ${i}" http://x/${i}`,
});

describe("history", () => {
  it("keeps recent steps as tool calls and results, and only the latest state", () => {
    const messages = buildMessages("Task: t", [step(1), step(2)], [{ type: "text", text: "STATE" }]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "user"]);
    expect(JSON.stringify(messages[2])).toContain('[Page now: \\"Page 1\\" http://x/1]');
  });

  it("folds old steps in chunks, so the prompt prefix changes rarely", () => {
    expect(foldedCount(KEEP_STEPS)).toBe(0);
    expect(foldedCount(KEEP_STEPS + 1)).toBe(8);
    expect(foldedCount(23)).toBe(8);
    expect(foldedCount(24)).toBe(16);
    const steps = Array.from({ length: 30 }, (_, i) => step(i + 1));
    const messages = buildMessages("Task: t", steps, "STATE");
    expect(messages[1]?.content).toMatch(/^Earlier steps, summarised:\n1\. click \{"index":1\} → Clicked \[1\]\./);
    expect(messages.filter((m) => m.role === "assistant")).toHaveLength(30 - foldedCount(30));
  });
});
