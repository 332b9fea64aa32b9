import { maskUsername, type Credential } from "@errand/contract";
import type { credentials } from "@errand/db";
import type { ServiceContext } from "../context.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import { mailboxToApi, openMailbox } from "./mailbox-secret.ts";

type Row = typeof credentials.$inferSelect;

/** What the API shows of a credential: never a value, the username only masked. */
export function credentialToApi(ctx: Pick<ServiceContext, "encryptionKey" | "previousEncryptionKeys">, row: Row): Credential {
  let hint = "***";
  let mailbox: Credential["mailbox"] = null;
  try {
    hint = maskUsername(openSecret(ctx, row.usernameCiphertext));
    if (row.mailboxCiphertext) mailbox = mailboxToApi(openMailbox(ctx, row.mailboxCiphertext));
  } catch {
    // Sealed with a key no longer configured: the list still shows the credential.
  }
  return {
    id: row.id,
    name: row.name,
    domains: row.domains,
    username_hint: hint,
    has_totp: row.totpSecretCiphertext !== null,
    mailbox,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
