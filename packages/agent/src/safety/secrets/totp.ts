import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 key (RFC 4648; spaces, dashes, padding and case ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) throw new Error("A TOTP secret must be base32 (A-Z, 2-7)");
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export interface TotpOptions {
  /** Default: now. */
  at?: Date;
  /** Seconds a code lasts. Default 30. */
  period?: number;
  /** Default 6. */
  digits?: number;
  /** Default sha1, what authenticator apps use. */
  algorithm?: "sha1" | "sha256" | "sha512";
}

/** HOTP (RFC 4226) of a counter: dynamic truncation of the HMAC, the last `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6, algorithm: TotpOptions["algorithm"] = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The TOTP code (RFC 6238) of a key at a time: HOTP of the number of periods since 1970. */
export function totpCode(key: Buffer, options: TotpOptions = {}): string {
  const seconds = Math.floor((options.at ?? new Date()).getTime() / 1000);
  return hotp(key, Math.floor(seconds / (options.period ?? 30)), options.digits ?? 6, options.algorithm ?? "sha1");
}

/** The current code of a base32 secret as sites show it for authenticator apps. */
export function totpFromBase32(secret: string, at: Date = new Date()): string {
  return totpCode(base32Decode(secret), { at });
}
