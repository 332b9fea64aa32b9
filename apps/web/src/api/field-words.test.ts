import { createCredentialSchema, createProxyPoolSchema, CRON_TOO_OFTEN_MESSAGE } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { fieldErrorsFromIssues } from "../lib/forms/form-errors";
import { entryProblem } from "../routes/auth-contexts/proxy-pool-lines";
import { toRequestError } from "./error-body";
import { inFieldWords } from "./field-words";

/** A 400 as the API sends it (services/errors.ts `invalid`): "path: message" joined by "; ". */
function validationError(fields: { path: string; message: string }[]) {
  const message = fields.map((field) => `${field.path}: ${field.message}`).join("; ");
  return toRequestError(400, { error: { code: "validation_error", message, fields } });
}

describe("server messages in the forms' words", () => {
  it("names the authenticator key as the credential dialog labels it, and keeps the API's path", () => {
    const error = validationError([{ path: "totp_secret", message: "totp_secret must be a base32 key (letters A-Z and digits 2-7)" }]);
    expect(error.fields).toEqual([{ path: "totp_secret", message: "Authenticator key must be a base32 key (letters A-Z and digits 2-7)" }]);
    expect(error.serverMessage).toBe("Authenticator key must be a base32 key (letters A-Z and digits 2-7)");
    expect(error.serverMessage).not.toContain("totp_secret");
  });

  it("says a schedule's cron as the schedule form's Cron expression", () => {
    const error = validationError([{ path: "repeat.cron", message: CRON_TOO_OFTEN_MESSAGE }]);
    expect(error.fields[0]?.message).toMatch(/^Cron expression must not fire more often than every \d+ minutes$/);
    expect(inFieldWords("cron never fires: check its day and month", "repeat.cron")).toBe(
      "Cron expression never fires: check its day and month",
    );
  });

  it("names a proxy line's url as a Proxy URL, and a webhook's as a URL", () => {
    const error = validationError([{ path: "entries.1.url", message: "url must start with http://, https:// or socks5://" }]);
    expect(error.fields[0]).toEqual({ path: "entries.1.url", message: "Proxy URL must start with http://, https:// or socks5://" });
    expect(inFieldWords("url must be an http(s) URL", "url")).toBe("URL must be an http(s) URL");
  });

  it("joins several fields' messages without their paths", () => {
    const error = validationError([
      { path: "session_timeout", message: "session_timeout must be between 30 and 3600 seconds" },
      { path: "webhook_url", message: "webhook_url must be an http(s) URL" },
    ]);
    expect(error.serverMessage).toBe("Session Timeout must be between 30 and 3600 seconds; Webhook URL must be an http(s) URL");
  });

  it("leaves messages that open with no known field, and other errors' messages, as they are", () => {
    expect(inFieldWords("it is not a JSON object")).toBe("it is not a JSON object");
    expect(inFieldWords("Name is required")).toBe("Name is required");
    expect(toRequestError(402, { error: { code: "no_credits", message: "You have no credits left." } }).serverMessage).toBe(
      "You have no credits left.",
    );
  });

  it("words the form's own check with the contract's schema the same way (credential and proxy dialogs)", () => {
    const credential = createCredentialSchema.safeParse({
      name: "github-work",
      domains: ["github.com"],
      username: "me",
      password: "pw",
      totp_secret: "not a key!",
    });
    expect(credential.success).toBe(false);
    const credentialErrors = fieldErrorsFromIssues(credential.error?.issues ?? []);
    expect(credentialErrors.totp_secret).toMatch(/^Authenticator key must be /);

    const pool = createProxyPoolSchema.safeParse({ name: "eu", rotation: "round-robin", entries: [{ url: "ftp://proxy.example.com" }] });
    expect(pool.success).toBe(false);
    const poolErrors = fieldErrorsFromIssues(pool.error?.issues ?? [], (issue) => entryProblem(issue.path, issue.message, 0));
    expect(poolErrors.entries).toBe("Line 1: Proxy URL must start with http://, https:// or socks5://");
  });
});
