import { describe, expect, it } from "vitest";
import { curlExample, maskApiKey } from "./api-key";

describe("maskApiKey", () => {
  it("keeps the kind prefix and the last 4 characters", () => {
    const key = "errand_sk_Ab3_dEf9xYz0123456789abcdefghijklmnopqrstuWXYZ";
    const masked = maskApiKey(key);
    expect(masked.startsWith("errand_sk_")).toBe(true);
    expect(masked.endsWith("WXYZ")).toBe(true);
    expect(masked).not.toContain("Ab3");
    expect(masked).toBe(`errand_sk_${"•".repeat(24)}WXYZ`);
  });

  it("handles keys without a prefix and very short ones", () => {
    expect(maskApiKey("abcdefgh12345")).toBe(`${"•".repeat(24)}2345`);
    expect(maskApiKey("abc")).toBe("•••");
    expect(maskApiKey("")).toBe("");
  });
});

describe("curlExample", () => {
  it("creates a run with the key", () => {
    const text = curlExample("https://errand.example", "KEY");
    expect(text).toContain("curl -X POST https://errand.example/api/v1/runs");
    expect(text).toContain('-H "x-api-key: KEY"');
  });
});
