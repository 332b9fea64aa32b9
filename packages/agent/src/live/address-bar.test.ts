import { describe, expect, it } from "vitest";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { checkAddress } from "./address-bar.ts";

const checked: string[] = [];
const policy: AddressPolicy = {
  async check(url) {
    checked.push(url);
    return url.includes("intranet") ? { allowed: false, reason: "intranet is private" } : { allowed: true };
  },
};

describe("checkAddress", () => {
  it("adds https:// when no scheme is typed, and keeps http(s) addresses", async () => {
    expect(await checkAddress("  example.com/a b ", policy)).toEqual({ open: "https://example.com/a%20b" });
    expect(await checkAddress("localhost:3000/x", policy)).toEqual({ open: "https://localhost:3000/x" });
    expect(await checkAddress("http://example.com", policy)).toEqual({ open: "http://example.com/" });
  });

  it("refuses other schemes, invalid addresses and what the policy refuses", async () => {
    const onlyHttp = { notice: "Only http and https addresses can be opened." };
    expect(await checkAddress("javascript:alert(1)", policy)).toEqual(onlyHttp);
    expect(await checkAddress("file:///etc/passwd", policy)).toEqual(onlyHttp);
    expect(await checkAddress("about:blank", policy)).toEqual(onlyHttp);
    expect(await checkAddress("http://exa mple.com", policy)).toEqual({ notice: "That is not a valid address." });
    expect(await checkAddress("https://intranet.example/", policy)).toEqual({ notice: "Blocked: intranet is private" });
    expect(await checkAddress("   ", policy)).toEqual({ ignore: true });
    expect(checked).not.toContain("javascript:alert(1)");
  });
});
