import { describe, expect, it } from "vitest";
import { MONTHLY_LIMIT_MESSAGE, parseSpendingLimitForm, spendingLimitFormValues, THRESHOLDS_MESSAGE } from "./spending-limit-form";

describe("the monthly limit form", () => {
  it("sends dollars and percentages, and an empty limit as none", () => {
    expect(parseSpendingLimitForm({ monthlyUsd: "$200", thresholds: "50, 80%, 100" })).toEqual({
      ok: true,
      body: { monthly_usd: 200, alert_thresholds: [50, 80, 100] },
    });
    expect(parseSpendingLimitForm({ monthlyUsd: " ", thresholds: "50" })).toEqual({
      ok: true,
      body: { monthly_usd: null, alert_thresholds: [] },
    });
  });

  it("names the field to fix", () => {
    expect(parseSpendingLimitForm({ monthlyUsd: "0.5", thresholds: "50, 50, 120" })).toEqual({
      ok: false,
      errors: { monthly_usd: MONTHLY_LIMIT_MESSAGE, alert_thresholds: THRESHOLDS_MESSAGE },
    });
  });

  it("starts from the saved limit, or the usual alerts when there is none", () => {
    expect(spendingLimitFormValues({ monthly_usd: null, alert_thresholds: [], month: "2026-11", spent_usd: 0 })).toEqual({
      monthlyUsd: "",
      thresholds: "50, 80, 100",
    });
    expect(spendingLimitFormValues({ monthly_usd: 25.5, alert_thresholds: [90], month: "2026-11", spent_usd: 3 })).toEqual({
      monthlyUsd: "25.5",
      thresholds: "90",
    });
  });
});
