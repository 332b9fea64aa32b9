import { describe, expect, it } from "vitest";
import { checkMetricsAccess } from "./metrics-token.ts";

describe("metrics access", () => {
  const token = "a-metrics-token-0123456789";
  it("is disabled without a token, allowed with the bearer token, refused otherwise", () => {
    expect(checkMetricsAccess(undefined, `Bearer ${token}`)).toBe("disabled");
    expect(checkMetricsAccess(token, `Bearer ${token}`)).toBe("allowed");
    expect(checkMetricsAccess(token, `bearer ${token}`)).toBe("allowed");
    for (const header of [undefined, "", "Bearer", `Bearer ${token}x`, `Basic ${token}`, token, `Bearer ${token.slice(1)}`]) {
      expect(checkMetricsAccess(token, header), String(header)).toBe("refused");
    }
  });
});
