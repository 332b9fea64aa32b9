import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { describe, expect, test } from "vitest";
import { startSmtpCapture } from "../smtp-capture/start-smtp-capture.ts";
import { closedAfter } from "../testing/closed-after.ts";
import { startImapServer } from "./start-imap-server.ts";

const USER = "codes@vault.test";
// Quotes and a backslash make imapflow send the password as a quoted string with escapes.
const PASSWORD = 'app "pass" \\ 42';

const it = test.extend("smtp", closedAfter(startSmtpCapture)).extend("imap", async ({ smtp }, { onCleanup }) => {
  const imap = await startImapServer({ smtp, accounts: { [USER]: PASSWORD } });
  onCleanup(() => imap.close());
  return imap;
});

describe("startImapServer: a mailbox fed through SMTP, read with a real IMAP client", () => {
  it("finds the newest message from a sender since a day and hands over its source", async ({ smtp, imap }) => {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: "news@shop.test", to: USER, subject: "Our sale", text: "Sale on now." });
    await transport.sendMail({ from: '"Vault Co" <no-reply@vault.test>', to: USER, subject: "Your code", text: "Your code is 123456." });
    await transport.sendMail({ from: "no-reply@vault.test", to: "someone-else@vault.test", subject: "Your code", text: "Code 999999." });
    transport.close();

    const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: USER, pass: PASSWORD }, logger: false });
    await client.connect();
    const lock = await client.getMailboxLock("INBOX", { readOnly: true });
    try {
      const uids = await client.search({ since: new Date(Date.now() - 86_400_000), from: "vault.test" }, { uid: true });
      expect(uids).toEqual([2]);
      const message = await client.fetchOne("2", { source: true, internalDate: true, uid: true }, { uid: true });
      expect(message && message.source?.toString("utf8")).toContain("Your code is 123456.");
      expect(message && message.uid).toBe(2);
      expect((await client.search({ from: "nobody.test" }, { uid: true })) ?? []).toEqual([]);
    } finally {
      lock.release();
    }
    await client.logout();
  });

  it("refuses a wrong password", async ({ imap }) => {
    const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: USER, pass: "wrong" }, logger: false });
    await expect(client.connect()).rejects.toMatchObject({ authenticationFailed: true });
  });
});
