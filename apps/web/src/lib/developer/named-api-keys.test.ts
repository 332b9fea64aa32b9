import { describe, expect, it } from "vitest";
import { keyExpiryText, keyLastUsedText } from "./named-api-keys";

describe("named key texts", () => {
  it("says when a key expires, and that it has expired", () => {
    const now = Date.parse("2027-03-01T12:00:00Z");
    expect(keyExpiryText({ expires_at: null }, now)).toBe("Never");
    expect(keyExpiryText({ expires_at: "2027-06-01T12:00:00Z" }, now)).not.toMatch(/Expired/);
    expect(keyExpiryText({ expires_at: "2027-02-01T12:00:00Z" }, now)).toMatch(/^Expired /);
  });

  it("says when and from where a key was last used", () => {
    expect(keyLastUsedText({ last_used_at: null, last_used_ip: null })).toBe("Never used");
    expect(keyLastUsedText({ last_used_at: "2027-03-01T12:00:00Z", last_used_ip: "203.0.113.9" })).toMatch(/ from 203\.0\.113\.9$/);
    expect(keyLastUsedText({ last_used_at: "2027-03-01T12:00:00Z", last_used_ip: "unknown" })).not.toMatch(/ from /);
  });
});
