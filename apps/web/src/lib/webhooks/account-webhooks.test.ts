import { describe, expect, it } from "vitest";
import { webhookEventLabel, webhookEventsText, webhookTestOutcome } from "./account-webhooks";

describe("account webhook wording", () => {
  it("names each event in words", () => {
    const events = ["run.finished", "run.succeeded", "run.failed"] as const;
    expect(events.map(webhookEventLabel)).toEqual(["Run finished", "Run succeeded", "Run failed"]);
  });

  it("lists a webhook's events in a fixed order, whatever order they were given in", () => {
    expect(webhookEventsText(["run.failed", "run.succeeded"])).toBe("Run succeeded, Run failed");
    expect(webhookEventsText(["run.finished"])).toBe("Run finished");
  });

  it("says a test was delivered with the status code and the time it took", () => {
    expect(webhookTestOutcome({ ok: true, status_code: 204, error: null, duration_ms: 83 })).toBe("Delivered: 204 in 83 ms");
    expect(webhookTestOutcome({ ok: true, status_code: 200, error: null, duration_ms: 1530 })).toBe("Delivered: 200 in 1.5 s");
  });

  it("says why a test was not delivered", () => {
    expect(webhookTestOutcome({ ok: false, status_code: 500, error: "Endpoint answered 500", duration_ms: 12 })).toBe(
      "Not delivered: Endpoint answered 500",
    );
    expect(webhookTestOutcome({ ok: false, status_code: null, error: null, duration_ms: 0 })).toBe("Not delivered: no answer");
    expect(webhookTestOutcome({ ok: false, status_code: 404, error: null, duration_ms: 5 })).toBe("Not delivered: HTTP 404");
  });
});
