import { maskUsername, type Mailbox, type MailboxInput } from "@errand/contract";
import type { ServiceContext } from "../context.ts";
import { assertPublicAddresses } from "../network/assert-public-addresses.ts";
import { openSecret, sealSecret } from "../secrets/seal-secret.ts";

/**
 * A credential's mailbox is sealed whole, as JSON (docs/adr/0053-*): its host and login say as much
 * about a person as its password, and one column keeps the vault's rule "every value sealed".
 */
export function sealMailbox(ctx: Pick<ServiceContext, "encryptionKey">, mailbox: MailboxInput): string {
  return sealSecret(ctx, JSON.stringify(mailbox));
}

/** The mailbox opened, password included: for the worker only. */
export function openMailbox(ctx: Pick<ServiceContext, "encryptionKey" | "previousEncryptionKeys">, sealed: string): MailboxInput {
  return JSON.parse(openSecret(ctx, sealed)) as MailboxInput;
}

/** What the API shows: where the mailbox is, the login masked, never the password. */
export function mailboxToApi(mailbox: MailboxInput): Mailbox {
  return {
    host: mailbox.host,
    port: mailbox.port,
    tls: mailbox.tls,
    user_hint: maskUsername(mailbox.user),
    folder: mailbox.folder,
    from: mailbox.from,
  };
}

/**
 * The worker will connect to the mailbox's host, so it follows the private-address rule
 * (docs/security.md) like a webhook's address: refused with a 400 on mailbox.host before anything is saved.
 */
export async function assertPublicMailbox(ctx: Pick<ServiceContext, "network">, mailbox: MailboxInput | null | undefined): Promise<void> {
  if (!mailbox) return;
  // The rule judges network URLs; the port is kept so an allowed "host:port" matches.
  await assertPublicAddresses(ctx, [{ path: "mailbox.host", url: `http://${mailbox.host}:${mailbox.port}/` }]);
}
