import { describe, expect, it } from "vitest";
import { taskMessage } from "./step-message.ts";

describe("taskMessage", () => {
  it("gives the model the task, today's date, the start page and the answer format", () => {
    const text = taskMessage(
      { prompt: "  Find flights for next Friday ", initialUrl: "https://www.google.com/travel/flights", responseFormat: "json" },
      '{"type":"object"}',
      new Date("2026-11-21T23:30:00Z"),
    );
    expect(text.split("\n")).toEqual([
      "Task: Find flights for next Friday",
      "Today's date: 2026-11-21 (UTC)",
      "Start page: https://www.google.com/travel/flights",
      "Answer format: JSON, given in done's data, matching this schema:",
      '{"type":"object"}',
    ]);
  });
});
