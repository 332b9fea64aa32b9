import { updateCredentialSchema, type Credential } from "@errand/contract";
import { credentials } from "@errand/db";
import { and, eq, ne } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import { assertPublicMailbox, sealMailbox } from "./mailbox-secret.ts";
import { isUniqueViolation, nameTaken } from "./name-taken.ts";
import { callersCredential, credentialNotFound } from "./own-credential.ts";
import { credentialToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Changes the fields sent and keeps the rest: values are written, never read back, so a form
 * leaves a value out to keep it. totp_secret null removes the TOTP secret, mailbox null the mailbox.
 */
export async function updateCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string; changes: unknown }>): Promise<Credential> {
  requireRole(caller, "run");
  const changes = parseOrThrow(updateCredentialSchema, input.changes);
  await assertPublicMailbox(ctx, changes.mailbox);
  if (changes.name) {
    const [same] = await ctx.db
      .select({ id: credentials.id })
      .from(credentials)
      .where(and(eq(credentials.workspaceId, caller.workspaceId), eq(credentials.name, changes.name), ne(credentials.id, input.id)));
    if (same) throw nameTaken(changes.name);
  }
  const columns = {
    name: changes.name,
    domains: changes.domains,
    usernameCiphertext: changes.username === undefined ? undefined : sealSecret(ctx, changes.username),
    passwordCiphertext: changes.password === undefined ? undefined : sealSecret(ctx, changes.password),
    totpSecretCiphertext:
      changes.totp_secret === undefined ? undefined : changes.totp_secret === null ? null : sealSecret(ctx, changes.totp_secret),
    mailboxCiphertext: changes.mailbox === undefined ? undefined : changes.mailbox === null ? null : sealMailbox(ctx, changes.mailbox),
  };
  // undefined: not sent, keep.
  const sent = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  const [row] = await ctx.db
    .update(credentials)
    .set({ ...sent, updatedAt: new Date() })
    .where(callersCredential(caller, input.id))
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken(changes.name) : error;
    });
  if (!row) throw credentialNotFound();
  ctx.log.info("credential updated", { userId: caller.userId, credentialId: row.id, fields: Object.keys(sent).join(",") });
  return credentialToApi(ctx, row);
}
