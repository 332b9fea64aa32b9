import { describe, expect, it } from "vitest";
import { paymentArrived, readPaymentOutcome, withoutPaymentParam } from "./payment-return";

describe("readPaymentOutcome", () => {
  it("knows success and cancelled only", () => {
    expect(["success", "cancelled", "SUCCESS", "", null].map(readPaymentOutcome)).toEqual(["success", "cancelled", null, null, null]);
  });
});

describe("withoutPaymentParam", () => {
  it("drops payment and keeps the rest", () => {
    expect(withoutPaymentParam(new URLSearchParams("payment=success&x=1")).toString()).toBe("x=1");
    expect(withoutPaymentParam(new URLSearchParams("payment=cancelled")).toString()).toBe("");
    expect(withoutPaymentParam(new URLSearchParams("payment=success&session_id=cs_test_123")).toString()).toBe("");
  });
});

describe("paymentArrived", () => {
  it("waits for the pending payment's id when known", () => {
    expect(paymentArrived(["a", "b"], "new", ["a", "b"])).toBe(false);
    expect(paymentArrived(["new", "a", "b"], "new", ["a", "b"])).toBe(true);
    expect(paymentArrived(["new"], "new", null)).toBe(true);
  });

  it("otherwise waits for the list to change from the first one seen", () => {
    expect(paymentArrived(["a"], null, null)).toBe(false);
    expect(paymentArrived(["a"], null, ["a"])).toBe(false);
    expect(paymentArrived(["c", "a"], null, ["a"])).toBe(true);
    expect(paymentArrived(["c"], null, ["a"])).toBe(true);
    expect(paymentArrived(["a"], null, [])).toBe(true);
  });
});
