import { createHmac } from "node:crypto";
import { openFields, signFields } from "./signed-fields.ts";

const PURPOSE = "viewer";

/** What a viewer link opens: a login session, or a running run. */
export interface ViewerGrant {
  kind: "session" | "run";
  id: string;
  /**
   * Whose it is: a login session's account, or a running run's workspace (any member who can
   * read the run may watch it: docs/adr/0040-team-workspaces-outlive-their-members.md).
   */
  owner: string;
  /** Expiry, in ms since the epoch. */
  exp: number;
}

/** The key that signs viewer tokens, derived from ENCRYPTION_KEY so every process shares it. */
export function viewerTokenKey(encryptionKey: Buffer): Buffer {
  return createHmac("sha256", encryptionKey).update("live-viewer-tokens").digest();
}

/**
 * A short-lived, tamper-proof viewer token: base64url(JSON grant) + "." + HMAC-SHA256. Bound to
 * one session or run and its owner; the WebSocket accepts it only before `exp`.
 */
export function signViewerToken(key: Buffer, grant: ViewerGrant): string {
  return signFields(key, PURPOSE, [grant.kind, grant.id, grant.owner, grant.exp]);
}

export function verifyViewerToken(key: Buffer, token: string, now = Date.now()): ViewerGrant | null {
  const fields = openFields(key, PURPOSE, token);
  if (!fields) return null;
  const [kind, id, owner, exp] = fields;
  if ((kind !== "session" && kind !== "run") || typeof id !== "string" || typeof owner !== "string" || typeof exp !== "number") return null;
  return exp > now ? { kind, id, owner, exp } : null;
}
