import { formatUsd, PRODUCT_NAME } from "@errand/contract";
import type { MailMessage } from "./create-mailer.ts";
import { emailHtml, escapeHtml } from "./email-html.ts";

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
  const html = emailHtml(escapeHtml(subject), paragraphs);
  return { to: input.to, subject, text, html };
}
