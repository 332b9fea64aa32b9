import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";

/** AES-256-GCM. Output: "v1.<key id>.<iv>.<tag>.<ciphertext>", base64url parts. */
export function encryptSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, keyId(key), iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Decrypts with whichever of `keys` produced the value (current key first, then older ones). */
export function decryptSecret(sealed: string, keys: Buffer | Buffer[]): string {
  const [version, id, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !id || !iv || !tag || body === undefined) throw new Error("Unrecognised encrypted value");
  const key = (Array.isArray(keys) ? keys : [keys]).find((k) => keyId(k) === id);
  if (!key) throw new Error("Encrypted with a key that is not configured");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A short public fingerprint of a key, so rotation can tell which key sealed a value. */
export function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 8);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
