import { describe, expect, it } from "vitest";
import { QUICK_PURCHASE_AMOUNTS } from "@errand/contract";
import { parsePurchaseAmount, quickAmountText } from "./purchase-amount";

const MIN = { ok: false, message: "Minimum amount is $3" };

describe("parsePurchaseAmount", () => {
  it("converts dollars to cents by rounding amount times 100", () => {
    expect(parsePurchaseAmount("3")).toEqual({ ok: true, cents: 300 });
    expect(parsePurchaseAmount("10.00")).toEqual({ ok: true, cents: 1000 });
    expect(parsePurchaseAmount("4.35")).toEqual({ ok: true, cents: 435 });
    expect(parsePurchaseAmount("19.999")).toEqual({ ok: true, cents: 2000 });
    expect(parsePurchaseAmount(" 12.5 ")).toEqual({ ok: true, cents: 1250 });
    expect(parsePurchaseAmount("1e2")).toEqual({ ok: true, cents: 10000 });
  });

  it("refuses a non-number or less than $3", () => {
    for (const input of ["", "   ", "abc", "10abc", "2.99", "2.999", "0", "-5", "Infinity", "NaN"]) {
      expect(parsePurchaseAmount(input)).toEqual(MIN);
    }
  });

  it("refuses more than $10,000", () => {
    expect(parsePurchaseAmount("10000")).toEqual({ ok: true, cents: 1_000_000 });
    expect(parsePurchaseAmount("10000.01")).toEqual({ ok: false, message: "Maximum amount is $10,000" });
  });

  it("accepts every quick amount as the button fills it in", () => {
    expect(QUICK_PURCHASE_AMOUNTS.map((dollars) => quickAmountText(dollars))).toEqual(["3.00", "5.00", "20.00", "50.00", "100.00"]);
    for (const dollars of QUICK_PURCHASE_AMOUNTS) {
      expect(parsePurchaseAmount(quickAmountText(dollars))).toEqual({ ok: true, cents: dollars * 100 });
    }
  });
});
