import { PRODUCT_NAME } from "@errand/contract";
import type { MailMessage } from "./create-mailer.ts";
import { emailHtml } from "./email-html.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The password-reset e-mail, plain text and HTML, with the one-time link. */
export function resetPasswordEmail(input: { to: string; url: string; expiresInMinutes: number }): MailMessage {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const text = [
    "Hello,",
    "",
    `Someone (hopefully you) asked to reset the password of the ${PRODUCT_NAME} account for ${input.to}.`,
    "Open this link to choose a new password:",
    "",
    input.url,
    "",
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    "",
    `The ${PRODUCT_NAME} team`,
  ].join("\n");
  const url = escapeHtml(input.url);
  const html = emailHtml(
    "Reset your password",
    [
      `<p style="margin:0 0 16px;line-height:1.5">Someone (hopefully you) asked to reset the password of the ${PRODUCT_NAME} account for <strong>${escapeHtml(input.to)}</strong>.</p>`,
      `<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Choose a new password</a></p>`,
      `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#555">The link works once and expires in ${input.expiresInMinutes} minutes. If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4f46e5;word-break:break-all">${url}</a></p>`,
      `<p style="margin:0;line-height:1.5;font-size:14px;color:#555">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
    ].join("\n        "),
  );
  return { to: input.to, subject, text, html };
}
