import { describe, expect, it } from "vitest";
import * as display from "./run-display";

// Some ICU versions put a narrow no-break space before AM/PM: compare with plain spaces.
const plain =
  <A extends unknown[]>(format: (...args: A) => string) =>
  (...args: A) =>
    format(...args).replace(/\u202f/g, " ");
const runOptionLabel = plain(display.runOptionLabel);
const formatRunTime = plain(display.formatRunTime);
const formatRunCreated = plain(display.formatRunCreated);
const { chargeLabel, formatRunCredits, formatRunDuration, limitsLabel, modelSpendLabel, tokensLabel } = display;

const clock = { now: new Date("2026-03-04T18:00:00Z"), locale: "en-US", timeZone: "UTC" };

describe("run selector labels", () => {
  it("tells apart runs started in the same minute: number, seconds and length", () => {
    const first = runOptionLabel({ number: 1, status: "success", created_at: "2026-03-04T14:05:07.120Z", execution_time: 12.4 }, clock);
    const second = runOptionLabel({ number: 2, status: "failed", created_at: "2026-03-04T14:05:41.900Z", execution_time: 4.25 }, clock);
    expect(first).toBe("#1 · Success · 2:05:07 PM · 12 s");
    expect(second).toBe("#2 · Failed · 2:05:41 PM · 4.3 s");
  });

  it("leaves out the length of a pending run and adds the date for other days", () => {
    expect(runOptionLabel({ number: 3, status: "pending", created_at: "2026-03-04T17:59:59Z", execution_time: null }, clock)).toBe(
      "#3 · Pending · 5:59:59 PM",
    );
    expect(runOptionLabel({ number: 4, status: "cancelled", created_at: "2026-03-02T09:00:05Z", execution_time: 75 }, clock)).toBe(
      "#4 · Cancelled · Mar 2, 9:00:05 AM · 1 min 15 s",
    );
    expect(formatRunTime("2025-12-31T23:59:59Z", clock)).toBe("Dec 31, 2025, 11:59:59 PM");
    expect(formatRunCreated("2026-03-04T14:05:07Z", clock)).toBe("Mar 4, 2026, 2:05:07 PM");
  });

  it("judges 'today' in the person's time zone", () => {
    // 01:30 on March 5 in Tokyo, still March 4 in UTC.
    const tokyo = { ...clock, now: new Date("2026-03-04T16:30:00Z"), timeZone: "Asia/Tokyo" };
    expect(formatRunTime("2026-03-04T16:00:00Z", tokyo)).toBe("1:00:00 AM");
    expect(formatRunTime("2026-03-04T14:00:00Z", tokyo)).toBe("Mar 4, 11:00:00 PM");
  });
});

describe("run lengths", () => {
  it("reads naturally from seconds to hours", () => {
    expect(formatRunDuration(0)).toBe("0 s");
    expect(formatRunDuration(9.94)).toBe("9.9 s");
    expect(formatRunDuration(59.4)).toBe("59 s");
    expect(formatRunDuration(125)).toBe("2 min 5 s");
    expect(formatRunDuration(3720)).toBe("1 h 2 min");
    expect(formatRunDuration(null)).toBe("—");
  });
});

describe("what a run cost", () => {
  it("names a free prompt, credits to the 1/100 cent, and runs not charged", () => {
    expect(chargeLabel({ status: "success", charge: { kind: "free_prompt", credits: 0 } })).toBe("Free prompt");
    expect(chargeLabel({ status: "failed", charge: { kind: "credits", credits: 230 } })).toBe("$0.0230");
    expect(chargeLabel({ status: "error", charge: { kind: "none", credits: 0 } })).toBe("Not charged");
    expect(chargeLabel({ status: "pending", charge: null })).toBe("When it ends");
    expect(formatRunCredits(1_234_567)).toBe("$123.4567");
    expect([0, 10_000, 1_200].map(formatRunCredits)).toEqual(["$0.00", "$1.00", "$0.12"]);
  });

  it("shows the model spend where the model is priced, and the run's limits", () => {
    expect(modelSpendLabel({ model_cost: 120 })).toBe("$0.0120");
    expect(modelSpendLabel({ model_cost: null })).toBeNull();
    expect(limitsLabel({ max_cost_usd: 0.5, max_steps: 20, on_limit: "ask" })).toBe("$0.50 · 20 steps, then ask");
    expect(limitsLabel({ max_cost_usd: null, max_steps: 1, on_limit: "stop" })).toBe("1 step");
    expect(limitsLabel({ max_cost_usd: null, max_steps: null, on_limit: "stop" })).toBeNull();
  });

  it("counts tokens in and out", () => {
    expect(tokensLabel({ input_tokens: 12_345, output_tokens: 678 }, "en-US")).toBe("12,345 in · 678 out");
  });
});
