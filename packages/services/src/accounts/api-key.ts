import { randomBytes } from "node:crypto";
import { sha256Hex } from "../secrets/encryption.ts";

export const API_KEY_PREFIX = "errand_sk_";

/** 32 random bytes: lookup by an unsalted SHA-256 is safe for keys of this entropy. */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Enough to recognise a key, never enough to use it. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}
