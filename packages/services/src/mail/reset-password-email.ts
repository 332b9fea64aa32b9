import { PRODUCT_NAME } from "@errand/contract";
import type { MailMessage } from "./create-mailer.ts";
import { escapeHtml, linkEmail } from "./email-html.ts";

/** The password-reset e-mail, plain text and HTML, with the one-time link. */
export function resetPasswordEmail(input: { to: string; url: string; expiresInMinutes: number }): MailMessage {
  const asked = `Someone (hopefully you) asked to reset the password of the ${PRODUCT_NAME} account for`;
  const expiry = `The link works once and expires in ${input.expiresInMinutes} minutes.`;
  return linkEmail({
    to: input.to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    titleHtml: "Reset your password",
    intro: { text: `${asked} ${input.to}.`, html: `${asked} <strong>${escapeHtml(input.to)}</strong>.` },
    openLine: "Open this link to choose a new password:",
    button: "Choose a new password",
    url: input.url,
    expiry: { text: expiry, html: expiry },
    closing: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  });
}
