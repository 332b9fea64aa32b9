import type { ServiceContext } from "../context.ts";
import { decryptSecret, encryptSecret, keyId } from "./encryption.ts";

/** Seals a secret under the current key. */
export function sealSecret(ctx: Pick<ServiceContext, "encryptionKey">, plaintext: string): string {
  return encryptSecret(plaintext, ctx.encryptionKey);
}

/** Opens a secret sealed under the current key or one still listed in ENCRYPTION_KEY_PREVIOUS. */
export function openSecret(ctx: Pick<ServiceContext, "encryptionKey" | "previousEncryptionKeys">, sealed: string): string {
  return decryptSecret(sealed, [ctx.encryptionKey, ...(ctx.previousEncryptionKeys ?? [])]);
}

/** True when the value was sealed by an older key (rotation re-seals it). */
export function sealedWithOldKey(ctx: Pick<ServiceContext, "encryptionKey">, sealed: string): boolean {
  return sealed.split(".")[1] !== keyId(ctx.encryptionKey);
}
