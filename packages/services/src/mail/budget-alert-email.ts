import { formatUsd, PRODUCT_NAME } from "@errand/contract";
import type { MailMessage } from "./create-mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The e-mail owners and admins get when a workspace's spend this month crosses an alert threshold. */
export function budgetAlertEmail(input: {
  to: string;
  workspaceName: string;
  threshold: number;
  monthlyUsd: number;
  spentUsd: number;
  creditsUrl: string;
}): MailMessage {
  const subject = `${input.workspaceName} has used ${input.threshold}% of its monthly spending limit`;
  const reached = input.spentUsd >= input.monthlyUsd;
  const lines = [
    `${input.workspaceName} has spent ${formatUsd(input.spentUsd)} of its ${formatUsd(input.monthlyUsd)} monthly limit this month.`,
    reached
      ? "New runs are refused until next month or until an owner or admin raises the limit; runs already going on finish."
      : "When the limit is reached, new runs are refused until next month or until an owner or admin raises it.",
    `Change the limit on the Credits page: ${input.creditsUrl}`,
  ];
  const text = ["Hello,", "", ...lines, "", `The ${PRODUCT_NAME} team`].join("\n");
  const paragraphs = lines.map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`).join("\n        ");
  const html = `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f6f6f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1f1f">
    <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;border:1px solid #e5e5ea">
      <tr><td style="padding:32px">
        <p style="margin:0 0 16px;font-size:20px;font-weight:700">${escapeHtml(subject)}</p>
        ${paragraphs}
      </td></tr>
    </table>
  </body>
</html>`;
  return { to: input.to, subject, text, html };
}
