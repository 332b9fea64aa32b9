import { describe, expect, it } from "vitest";
import { base32Decode, totpCode, totpFromBase32 } from "./totp.ts";

// RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the hash's length.
const seed = (length: number) => Buffer.from("1234567890".repeat(7).slice(0, length), "ascii");
const keys = { sha1: seed(20), sha256: seed(32), sha512: seed(64) } as const;
const vectors: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP codes (RFC 6238)", () => {
  it.each(vectors)("match the RFC's test vectors at %i s", (seconds, sha1, sha256, sha512) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(keys.sha1, { at, digits: 8 })).toBe(sha1);
    expect(totpCode(keys.sha256, { at, digits: 8, algorithm: "sha256" })).toBe(sha256);
    expect(totpCode(keys.sha512, { at, digits: 8, algorithm: "sha512" })).toBe(sha512);
  });

  it("reads the base32 secret an authenticator app is given, six digits by default", () => {
    // "12345678901234567890" in base32, spaced and lower-cased the way sites show it.
    const secret = "gezd gnbv gy3t qojq gezd gnbv gy3t qojq";
    expect(base32Decode(secret).toString("ascii")).toBe("12345678901234567890");
    expect(totpFromBase32(secret, new Date(59_000))).toBe("287082");
    expect(totpFromBase32(secret, new Date(1111111109_000))).toBe("081804");
  });

  it("keeps one code for the whole 30 s period and changes at its end", () => {
    const key = keys.sha1;
    expect(totpCode(key, { at: new Date(60_000) })).toBe(totpCode(key, { at: new Date(89_999) }));
    expect(totpCode(key, { at: new Date(89_999) })).not.toBe(totpCode(key, { at: new Date(90_000) }));
  });

  it("refuses a secret that is not base32", () => {
    expect(() => base32Decode("not-base32!")).toThrow(/base32/);
  });
});
