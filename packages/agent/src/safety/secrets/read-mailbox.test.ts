import type { MailboxInput } from "@errand/contract";
import { selfSignedCertificate, startImapServer, startSmtpCapture, type ImapServer, type SmtpCapture } from "@errand/testkit";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "@errand/network-rule";
import { createMailReader } from "./email-code.ts";
import { codeInMessage, linkInMessage } from "./mail-code.ts";
import { newestMailSince } from "./read-mailbox.ts";

const USER = "codes@vault.test";
let smtp: SmtpCapture;
let imap: ImapServer;
let mailbox: MailboxInput;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  imap = await startImapServer({ smtp, accounts: { [USER]: "app-pass-42" } });
  mailbox = {
    host: imap.host,
    port: imap.port,
    tls: false,
    user: USER,
    password: "app-pass-42",
    folder: "INBOX",
    from: "no-reply@vault.test",
  };
});
afterAll(async () => {
  await imap.close();
  await smtp.close();
});

async function send(mail: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ to: USER, ...mail });
  transport.close();
}
const fast = { timeoutMs: 10_000, intervalMs: 50 };

describe("newestMailSince: codes and links from a real IMAP mailbox", () => {
  it("waits for the sender's newest message, decodes it, and skips one already used", async () => {
    const since = new Date();
    await send({ from: '"Vault Co" <no-reply@vault.test>', subject: "Your sign-in code", text: "Your code is 246810." });
    await send({ from: "news@shop.test", subject: "Your code", text: "Code 999999 for our sale." });
    const first = await newestMailSince(mailbox, { since, ...fast });
    expect(first && codeInMessage(first.message)).toBe("246810");

    // A second code: asked for before it arrives, so the reader keeps looking until it does.
    const reading = newestMailSince(mailbox, { since, ...fast, skipUids: new Set([first!.uid]) });
    await send({
      from: "no-reply@vault.test",
      subject: "=?utf-8?B?VsOpcmlmaWV6IHZvdHJlIGFkcmVzc2U=?=",
      html: '<p>Bonjour,</p><p><a href="https://vault.test/magic?t=abc">Se connecter</a> · <a href="https://vault.test/unsubscribe">Unsubscribe</a></p>',
    });
    const second = await reading;
    expect(second?.message.subject).toBe("Vérifiez votre adresse");
    expect(second && linkInMessage(second.message)).toBe("https://vault.test/magic?t=abc");
  });

  it("answers null when nothing from the sender comes within the wait", async () => {
    const quiet = { ...mailbox, from: "nobody@elsewhere.test" };
    expect(await newestMailSince(quiet, { since: new Date(), timeoutMs: 150, intervalMs: 50 })).toBeNull();
  });

  it("reads no mailbox the run's address rule refuses, judged when used", async () => {
    const read = createMailReader(new Date(), { timeoutMs: 150, intervalMs: 50 }, (url) => createAddressPolicy({}).check(url));
    await expect(read("vault-co", mailbox, "code", "Nothing was typed")).rejects.toThrow(
      /^The mailbox of vault-co is on an address this server may not reach \(.*\)\. Nothing was typed\.$/,
    );
  });

  it("reads a mailbox over implicit TLS whose certificate the caller trusts, and refuses one it does not", async () => {
    // A certificate made for this test: the client trusts it only because it is given it.
    const certificate = selfSignedCertificate("127.0.0.1");
    const secure = await startImapServer({ smtp, accounts: { [USER]: "app-pass-42" }, tls: certificate });
    try {
      const since = new Date();
      await send({ from: "no-reply@vault.test", subject: "Your sign-in code", text: "Your code is 135790." });
      const overTls = { ...mailbox, port: secure.port, tls: true };
      const found = await newestMailSince(overTls, { since, ...fast, trust: [certificate.cert] });
      expect(found && codeInMessage(found.message)).toBe("135790");
      // Without it, the system's authorities do not vouch for the certificate: nothing is read.
      await expect(newestMailSince(overTls, { since, ...fast })).rejects.toThrow(/self-signed certificate/);
      const read = createMailReader(since, fast, undefined, [selfSignedCertificate("127.0.0.1").cert]);
      await expect(read("vault-co", overTls, "code", "Nothing was typed")).rejects.toThrow(
        "The mailbox of vault-co could not be read (the server refused or did not answer). Nothing was typed.",
      );
    } finally {
      await secure.close();
    }
  });
});
