import { describe, expect, it } from "vitest";
import { attemptAnswer, deliveryBadge, deliveryTriggerLabel, formatAttemptTime, formatTimeUntil } from "./webhook-delivery";

const NOW = Date.parse("2026-03-04T12:00:00Z");
const after = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe("webhook delivery wording", () => {
  it("names a pending delivery Queued before its first attempt and Retrying after", () => {
    expect(deliveryBadge({ status: "pending", attempts: [] })).toEqual({ label: "Queued", tone: "pending" });
    const attempt = { attempt: 1, at: after(0), status_code: 500, response_time_ms: 12, error: "Endpoint answered 500" };
    expect(deliveryBadge({ status: "pending", attempts: [attempt] })).toEqual({ label: "Retrying", tone: "pending" });
    expect(deliveryBadge({ status: "delivered", attempts: [attempt] }).tone).toBe("success");
    expect(deliveryBadge({ status: "failed", attempts: [attempt] }).label).toBe("Failed");
    expect(deliveryBadge({ status: "replaced", attempts: [] }).label).toBe("Replaced");
  });

  it("names what made the delivery", () => {
    expect(deliveryTriggerLabel("run_finished")).toBe("Run ended");
    expect(deliveryTriggerLabel("redelivery")).toBe("Redelivery");
    expect(deliveryTriggerLabel("test")).toBe("Test");
  });

  it("says when the next attempt comes in seconds, minutes or hours", () => {
    expect(formatTimeUntil(after(30), NOW)).toBe("in 30 s");
    expect(formatTimeUntil(after(300), NOW)).toBe("in 5 min");
    expect(formatTimeUntil(after(8 * 3600), NOW)).toBe("in 8 h");
    expect(formatTimeUntil(after(-5), NOW)).toBe("now");
  });

  it("shows the status code, or that no answer came", () => {
    expect(attemptAnswer({ status_code: 204 })).toBe("HTTP 204");
    expect(attemptAnswer({ status_code: null })).toBe("No answer");
  });

  it("gives an attempt's time to the second", () => {
    expect(formatAttemptTime("2026-03-04T14:05:30Z", "en-US", "UTC")).toBe("Mar 4, 2026, 2:05:30 PM");
  });
});
