import type { MailboxInput } from "@errand/contract";
import { ImapFlow } from "imapflow";
import type { MailMessage } from "./mail-code.ts";
import { messageFromSource } from "./mail-source.ts";

export interface MailWait {
  /** Only messages the server received at or after this moment count. */
  since: Date;
  /** How long to keep looking before giving up (the step then says nothing came). */
  timeoutMs: number;
  /** Pause between looks. */
  intervalMs: number;
  /** UIDs already used (a code is typed once): skipped. */
  skipUids?: ReadonlySet<number>;
  signal?: AbortSignal;
  /**
   * PEM certificates a mailbox's TLS may be signed by instead of the system's authorities: a
   * test's own mailbox server. The certificate is always verified (ADR 0053, "IMAP over TLS").
   */
  trust?: readonly string[];
}

export interface FoundMail {
  uid: number;
  message: MailMessage;
}

/**
 * The newest message of the mailbox's folder from its sender filter received since `since`
 * (docs/adr/0053-mailbox-codes-and-playwright-export.md), looked for again every `intervalMs`
 * until `timeoutMs`; null when none came. Read-only: nothing is marked seen or moved. The
 * message is for the rules of `mail-code.ts` only, never for the model.
 */
export async function newestMailSince(mailbox: MailboxInput, wait: MailWait): Promise<FoundMail | null> {
  const deadline = Date.now() + wait.timeoutMs;
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.tls,
    auth: { user: mailbox.user, pass: mailbox.password },
    ...(wait.trust && { tls: { ca: [...wait.trust], rejectUnauthorized: true } }),
    logger: false,
  });
  // imapflow reports a dropped connection as an event; the next command fails and is answered then.
  client.on("error", () => {});
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox.folder, { readOnly: true });
    try {
      for (;;) {
        const found = await newestNow(client, mailbox, wait);
        if (found || Date.now() >= deadline || wait.signal?.aborted) return found;
        await pause(Math.min(wait.intervalMs, deadline - Date.now()), wait.signal);
        // NOOP lets the server announce messages that arrived since the folder was opened.
        await client.noop();
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function newestNow(client: ImapFlow, mailbox: MailboxInput, wait: MailWait): Promise<FoundMail | null> {
  // SINCE is by day (RFC 3501), so the moment is checked on each message's INTERNALDATE.
  const query = { since: new Date(wait.since.getTime() - 86_400_000), ...(mailbox.from ? { from: mailbox.from } : {}) };
  const uids = ((await client.search(query, { uid: true })) || []).filter((uid) => !wait.skipUids?.has(uid)).sort((a, b) => b - a);
  for (const uid of uids) {
    const fetched = await client.fetchOne(String(uid), { uid: true, internalDate: true, source: true }, { uid: true });
    if (!fetched || !fetched.source) continue;
    const received = fetched.internalDate ? new Date(fetched.internalDate) : null;
    // INTERNALDATE counts whole seconds; newer messages came first, so the rest are older still.
    if (received && received.getTime() < Math.floor(wait.since.getTime() / 1_000) * 1_000) return null;
    return { uid, message: messageFromSource(fetched.source) };
  }
  return null;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
