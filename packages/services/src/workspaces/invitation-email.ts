import { PRODUCT_NAME, type WorkspaceRole } from "@errand/contract";
import type { MailMessage } from "../mail/create-mailer.ts";
import { emailHtml } from "../mail/email-html.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The invitation e-mail, plain text and HTML, with the single-use link. */
export function invitationEmail(input: {
  to: string;
  url: string;
  workspaceName: string;
  inviter: string;
  role: WorkspaceRole;
  expiresInDays: number;
}): MailMessage {
  const subject = `${input.inviter} invited you to ${input.workspaceName} on ${PRODUCT_NAME}`;
  const text = [
    "Hello,",
    "",
    `${input.inviter} invited you to join the workspace "${input.workspaceName}" on ${PRODUCT_NAME} as ${input.role}.`,
    "Open this link to accept (you can create an account there if you have none):",
    "",
    input.url,
    "",
    `The link works once and expires in ${input.expiresInDays} days. Accept it signed in as ${input.to}.`,
    "If you did not expect this, ignore this e-mail.",
    "",
    `The ${PRODUCT_NAME} team`,
  ].join("\n");
  const url = escapeHtml(input.url);
  const html = emailHtml(
    `Join ${escapeHtml(input.workspaceName)}`,
    [
      `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(input.inviter)} invited you to join the workspace <strong>${escapeHtml(input.workspaceName)}</strong> on ${PRODUCT_NAME} as ${input.role}.</p>`,
      `<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Accept the invitation</a></p>`,
      `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#555">The link works once and expires in ${input.expiresInDays} days. Accept it signed in as <strong>${escapeHtml(input.to)}</strong>. If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4f46e5;word-break:break-all">${url}</a></p>`,
      `<p style="margin:0;line-height:1.5;font-size:14px;color:#555">If you did not expect this, ignore this e-mail.</p>`,
    ].join("\n        "),
  );
  return { to: input.to, subject, text, html };
}
