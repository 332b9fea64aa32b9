import { connect } from "node:net";
import type { Socket } from "node:net";
import nodemailer from "nodemailer";
import { describe, expect, test } from "vitest";
import { closedAfter } from "../testing/closed-after.ts";
import { startSmtpCapture } from "./start-smtp-capture.ts";

const SUBJECT = "Votre reçu — Café ☕ 日本語 : paiement confirmé pour la tâche « Relevé des prix »";
const TEXT =
  "Bonjour Zoë,\n\n" +
  "Votre tâche a été exécutée avec succès. ".repeat(6) +
  "\n" +
  "A line with an = sign, a trailing dot and more text than fits on one quoted-printable line, so it wraps.\n" +
  ".a line starting with a dot\n" +
  "Merci !";
const LINK =
  "https://app.errand.example/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2ln==" +
  "&callbackURL=%2Fdashboard%3Ftab%3Druns&utm_source=email&utm_medium=transactional&x=a=b";
const HTML = `<!doctype html><html><body><p>Bonjour Zoë,</p><p><a href="${LINK}">Vérifier mon adresse</a></p></body></html>`;

const it = test.extend("capture", closedAfter(startSmtpCapture));

describe("startSmtpCapture with nodemailer", () => {
  it("receives a multipart message over host/port and decodes subject, text, html and the link exactly", async ({ capture }) => {
    expect(capture.url).toBe(`smtp://127.0.0.1:${capture.port}`);
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: capture.port, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({
      from: '"Errand" <noreply@errand.example>',
      to: "zoe@example.com",
      subject: SUBJECT,
      text: TEXT,
      html: HTML,
    });
    transport.close();
    expect(info.accepted).toEqual(["zoe@example.com"]);

    const mail = await capture.waitForMail({ to: "ZOE@example.com" });
    expect(mail.from).toBe("noreply@errand.example");
    expect(mail.to).toEqual(["zoe@example.com"]);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toBe(TEXT);
    expect(mail.html).toBe(HTML);
    expect(/href="([^"]+)"/.exec(mail.html ?? "")?.[1]).toBe(LINK);
    expect(mail.headers.from).toBe("Errand <noreply@errand.example>");
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?[QB]\?/im);
    expect(mail.attachments).toEqual([]);
  });

  it("takes the smtp:// url, several recipients, attachments, and several messages per connection", async ({ capture }) => {
    const transport = nodemailer.createTransport(`${capture.url}?pool=true&maxMessages=10`);
    await Promise.all([
      transport.sendMail({
        from: "a@example.com",
        to: "b@example.com",
        cc: "c@example.com",
        bcc: "d@example.com",
        subject: "first",
        text: "one",
        attachments: [{ filename: "rapport d'activité été.csv", content: "a,b\n1,2\n" }],
      }),
      transport.sendMail({ from: "a@example.com", to: "e@example.com", subject: "second", html: "<b>two</b>" }),
    ]);
    transport.close();
    expect(
      capture
        .messages()
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(["first", "second"]);
    const first = await capture.waitForMail((mail) => mail.subject === "first");
    expect(first.to).toEqual(["b@example.com", "c@example.com", "d@example.com"]);
    expect(first.text).toBe("one");
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0]).toMatchObject({ filename: "rapport d'activité été.csv", contentType: "text/csv" });
    expect(first.attachments[0]?.content.toString()).toBe("a,b\n1,2\n");
    const second = await capture.waitForMail({ to: "e@example.com" });
    expect(second.html).toBe("<b>two</b>");
    expect(second.text).toBeUndefined();
  });

  it("waits for mail that has not arrived yet, times out, and clears", async ({ capture }) => {
    const later = capture.waitForMail({ to: "late@example.com" });
    const transport = nodemailer.createTransport(capture.url);
    await transport.sendMail({ from: "a@example.com", to: "late@example.com", subject: "late", text: "x" });
    expect((await later).subject).toBe("late");
    await expect(capture.waitForMail({ to: "nobody@example.com" }, 30)).rejects.toThrow(
      /no mail matching to nobody@example.com within 30 ms \(received: late@example.com: "late"\)/,
    );
    capture.clear();
    expect(capture.messages()).toEqual([]);
    const pending = capture.waitForMail(() => true, 10_000);
    await capture.close();
    await expect(pending).rejects.toThrow(/closed/);
  });
});

/** Sends one command line (or none) and reads one complete, possibly multi-line, reply. */
function smtpClient(socket: Socket) {
  let received = "";
  const waiting: (() => void)[] = [];
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("utf8");
    waiting.splice(0).forEach((wake) => wake());
  });
  return async (line?: string): Promise<string> => {
    if (line !== undefined) socket.write(`${line}\r\n`);
    for (;;) {
      const end = /(^|\r\n)\d{3} [^\r\n]*\r\n/.exec(received);
      if (end) {
        const reply = received.slice(0, end.index + end[0].length);
        received = received.slice(reply.length);
        return reply.trimEnd();
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
}

describe("startSmtpCapture protocol", () => {
  it("speaks RFC 5321: EHLO extensions, errors, RSET, dot-stuffing, two messages on one connection", async () => {
    const capture = await startSmtpCapture();
    const socket = connect(capture.port, "127.0.0.1");
    const send = smtpClient(socket);
    try {
      expect(await send()).toMatch(/^220 /);
      expect(await send("MAIL FROM:<a@example.com>")).toMatch(/^503 /);
      expect(await send("EHLO client.example")).toBe(
        "250-127.0.0.1 Hello client.example\r\n250-SIZE 10485760\r\n250-8BITMIME\r\n250 SMTPUTF8",
      );
      expect(await send("STARTTLS")).toMatch(/^500 /);
      expect(await send("DATA")).toMatch(/^503 /);
      expect(await send("MAIL FROM:<a@example.com> BODY=8BITMIME SMTPUTF8")).toMatch(/^250 /);
      expect(await send("RSET")).toMatch(/^250 /);
      expect(await send("RCPT TO:<b@example.com>")).toMatch(/^503 /);
      expect(await send("NOOP")).toMatch(/^250 /);
      for (const subject of ["one", "two"]) {
        expect(await send("MAIL FROM:<a@example.com>")).toMatch(/^250 /);
        expect(await send("RCPT TO:<b@example.com>")).toMatch(/^250 /);
        expect(await send("DATA")).toMatch(/^354 /);
        socket.write(
          `Subject: =?UTF-8?B?${Buffer.from(`Ré ${subject}`).toString("base64")}?=\r\n =?UTF-8?Q?_suite?=\r\n\r\n..dotted\r\nplain\r\n`,
        );
        expect(await send(".")).toMatch(/^250 2\.0\.0 Ok: queued as /);
      }
      expect(await send("QUIT")).toMatch(/^221 /);
    } finally {
      socket.destroy();
      await capture.close();
    }
    expect(capture.messages().map((mail) => [mail.subject, mail.text])).toEqual([
      ["Ré one suite", ".dotted\nplain"],
      ["Ré two suite", ".dotted\nplain"],
    ]);
  });
});
