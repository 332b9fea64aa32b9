import { createHmac } from "node:crypto";
import { openFields, signFields } from "./signed-fields.ts";

/** What a relayed call or socket reaches on another process: one run's or one login session's browser. */
export type LiveKind = "run" | "session";

/** How long one internal credential is accepted: a relay signs a fresh one for each call or socket. */
export const INTERNAL_CREDENTIAL_TTL_MS = 60_000;
const PURPOSE = "internal-live";

/**
 * The key of internal live credentials, derived from AUTH_SECRET (which every process of one
 * installation shares), so no public token opens an internal endpoint and no internal one is
 * accepted by the public viewer socket.
 */
export function internalLiveKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("internal-live-endpoint").digest();
}

/** base64url(JSON [kind, id, exp]) + "." + HMAC-SHA256: bound to one target, valid for a minute. */
export function signInternalCredential(key: Buffer, target: { kind: LiveKind; id: string }, now = Date.now()): string {
  return signFields(key, PURPOSE, [target.kind, target.id, now + INTERNAL_CREDENTIAL_TTL_MS]);
}

/** True when `credential` was signed with `key` for exactly this target and has not expired. */
export function verifyInternalCredential(
  key: Buffer,
  credential: string,
  target: { kind: LiveKind; id: string },
  now = Date.now(),
): boolean {
  const fields = openFields(key, PURPOSE, credential);
  if (!fields) return false;
  const [kind, id, exp] = fields;
  return kind === target.kind && id === target.id && typeof exp === "number" && exp > now;
}
