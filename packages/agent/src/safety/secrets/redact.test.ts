import { describe, expect, it } from "vitest";
import { createRedactor } from "./redact.ts";

describe("createRedactor", () => {
  it("replaces every sensitive value, also URL- and JSON-encoded", () => {
    const r = createRedactor(["s3cr3t-cookie", "p@ss word", "ab"]);
    expect(r.redact("cookie=s3cr3t-cookie; x")).toBe("cookie=[redacted]; x");
    expect(r.redact("q=p%40ss%20word")).toBe("q=[redacted]");
    expect(r.contains("nothing here ab")).toBe(false); // too short to be a secret
    expect(r.contains("has s3cr3t-cookie")).toBe(true);
    expect(r.contains("has s3cr3t-cookie")).toBe(true);
  });
  it("is a no-op without values", () => {
    expect(createRedactor(undefined).redact("a")).toBe("a");
  });
});
