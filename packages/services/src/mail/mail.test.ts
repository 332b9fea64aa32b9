import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpCapture } from "@errand/testkit";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logging/logger.ts";
import { createMailer } from "./create-mailer.ts";
import { resetPasswordEmail } from "./reset-password-email.ts";

const message = resetPasswordEmail({
  to: "ada@example.com",
  url: "http://localhost:3000/api/auth/reset-password/abc123?callbackURL=%2Freset-password",
  expiresInMinutes: 60,
});

describe("mail", () => {
  it("without SMTP_URL writes a real .eml to the outbox and logs its path, never the link", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "errand-mail-")), "outbox");
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    await createMailer({ from: "Errand <no-reply@errand.test>", outboxDir, log }).send(message);
    const [file] = readdirSync(outboxDir);
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outboxDir, file!), "utf8");
    expect(eml).toContain("Subject: Reset your Errand password");
    expect(eml).toContain("To: ada@example.com");
    expect(eml).toContain("multipart/alternative");
    expect(statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
    expect(lines.join("\n")).toContain(file!);
    expect(lines.join("\n")).not.toContain("abc123");
  });

  it("with SMTP_URL sends plain text and HTML with the same link", async () => {
    const smtp = await startSmtpCapture();
    try {
      await createMailer({
        smtpUrl: smtp.url,
        from: "Errand <no-reply@errand.test>",
        outboxDir: "/nonexistent",
        log: createLogger("error"),
      }).send(message);
      const mail = await smtp.waitForMail({ to: "ada@example.com" });
      expect(mail.subject).toBe("Reset your Errand password");
      expect(mail.text).toContain("http://localhost:3000/api/auth/reset-password/abc123?callbackURL=%2Freset-password");
      expect(mail.text).toContain("expires in 60 minutes");
      expect(mail.html).toContain('href="http://localhost:3000/api/auth/reset-password/abc123?callbackURL=%2Freset-password"');
    } finally {
      await smtp.close();
    }
  });
});
