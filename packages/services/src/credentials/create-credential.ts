import { createCredentialSchema, MAX_CREDENTIALS_PER_ACCOUNT, type Credential } from "@errand/contract";
import { credentials } from "@errand/db";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import { assertPublicMailbox, sealMailbox } from "./mailbox-secret.ts";
import { saveNamedInTurn } from "../save-named-in-turn.ts";
import { nameTaken } from "./name-taken.ts";
import { credentialToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Saves a site login in the caller's vault, every value sealed (AES-256-GCM). */
export async function createCredential({ ctx, caller, input }: CallerVerbArgs<unknown>): Promise<Credential> {
  requireRole(caller, "run");
  const body = parseOrThrow(createCredentialSchema, input);
  await assertPublicMailbox(ctx, body.mailbox);
  const kind = { table: credentials, max: MAX_CREDENTIALS_PER_ACCOUNT, plural: "credentials", taken: nameTaken };
  const row = await saveNamedInTurn(ctx, kind, { workspaceId: caller.workspaceId, name: body.name }, async (tx) => {
    const [created] = await tx
      .insert(credentials)
      .values({
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        name: body.name,
        domains: body.domains,
        usernameCiphertext: sealSecret(ctx, body.username),
        passwordCiphertext: sealSecret(ctx, body.password),
        totpSecretCiphertext: body.totp_secret ? sealSecret(ctx, body.totp_secret) : null,
        mailboxCiphertext: body.mailbox ? sealMailbox(ctx, body.mailbox) : null,
      })
      .returning();
    // The name and sites only: the values are the secret.
    await recordAudit(tx, caller, {
      action: "credential.created",
      target: { type: "credential", id: created!.id, label: created!.name },
      details: { domains: created!.domains, totp: created!.totpSecretCiphertext !== null, mailbox: created!.mailboxCiphertext !== null },
    });
    return created!;
  });
  ctx.log.info("credential saved", {
    userId: caller.userId,
    credentialId: row.id,
    domains: row.domains.length,
    totp: row.totpSecretCiphertext !== null,
    mailbox: row.mailboxCiphertext !== null,
  });
  return credentialToApi(ctx, row);
}
