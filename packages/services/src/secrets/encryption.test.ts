import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, keyId } from "./encryption.ts";

describe("secret encryption", () => {
  it("round-trips and never repeats a ciphertext", () => {
    const key = randomBytes(32);
    const a = encryptSecret("cookie=abc", key);
    expect(a).not.toBe(encryptSecret("cookie=abc", key));
    expect(a).not.toContain("cookie");
    expect(decryptSecret(a, key)).toBe("cookie=abc");
  });

  it("decrypts with an older key during rotation", () => {
    const oldKey = randomBytes(32);
    const sealed = encryptSecret("s3cret", oldKey);
    expect(decryptSecret(sealed, [randomBytes(32), oldKey])).toBe("s3cret");
    expect(sealed.split(".")[1]).toBe(keyId(oldKey));
  });

  it("refuses a tampered value", () => {
    const key = randomBytes(32);
    const parts = encryptSecret("s3cret", key).split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(parts.join("."), key)).toThrow();
  });
});
