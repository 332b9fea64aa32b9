import type { Credential, MailboxInput } from "@errand/contract";

/** What the request says of the mailbox: a whole mailbox, null to remove it, or nothing to keep it. */
export type MailboxChange = { mailbox?: (Omit<MailboxInput, "port" | "folder"> & { port?: number; folder?: string }) | null };

/**
 * The mailbox part of a credential's body from the form's fields (docs/adr/0053-*). Its password is
 * write-only, so a mailbox is sent only when one is typed; when editing, a blank password keeps the
 * saved mailbox as it is, and `remove` sends null.
 */
export function mailboxChange(text: (name: string) => string, existing: Credential | null, remove: boolean): MailboxChange {
  if (remove) return { mailbox: null };
  const password = text("mailbox_password");
  const host = text("mailbox_host").trim();
  if (!password && (existing || !host)) return {};
  const port = text("mailbox_port").trim();
  return {
    mailbox: {
      host,
      ...(port ? { port: Number(port) } : {}),
      tls: text("mailbox_tls") === "on",
      user: text("mailbox_user"),
      password,
      ...(text("mailbox_folder").trim() ? { folder: text("mailbox_folder").trim() } : {}),
      from: text("mailbox_from").trim() || null,
    },
  };
}
