import { PRODUCT_NAME, type WorkspaceRole } from "@errand/contract";
import type { MailMessage } from "../mail/create-mailer.ts";
import { escapeHtml, linkEmail } from "../mail/email-html.ts";

/** The invitation e-mail, plain text and HTML, with the single-use link. */
export function invitationEmail(input: {
  to: string;
  url: string;
  workspaceName: string;
  inviter: string;
  role: WorkspaceRole;
  expiresInDays: number;
}): MailMessage {
  const expires = `The link works once and expires in ${input.expiresInDays} days. Accept it signed in as`;
  return linkEmail({
    to: input.to,
    subject: `${input.inviter} invited you to ${input.workspaceName} on ${PRODUCT_NAME}`,
    titleHtml: `Join ${escapeHtml(input.workspaceName)}`,
    intro: {
      text: `${input.inviter} invited you to join the workspace "${input.workspaceName}" on ${PRODUCT_NAME} as ${input.role}.`,
      html: `${escapeHtml(input.inviter)} invited you to join the workspace <strong>${escapeHtml(input.workspaceName)}</strong> on ${PRODUCT_NAME} as ${input.role}.`,
    },
    openLine: "Open this link to accept (you can create an account there if you have none):",
    button: "Accept the invitation",
    url: input.url,
    expiry: { text: `${expires} ${input.to}.`, html: `${expires} <strong>${escapeHtml(input.to)}</strong>.` },
    closing: "If you did not expect this, ignore this e-mail.",
  });
}
