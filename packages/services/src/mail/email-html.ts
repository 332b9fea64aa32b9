import { PRODUCT_NAME } from "@errand/contract";

/**
 * The HTML around every e-mail's content: a white card on a grey page, styled inline (mail
 * clients drop style sheets). `titleHtml` and each of `contentHtml`'s lines are HTML already
 * escaped by the caller.
 */
export function emailHtml(titleHtml: string, contentHtml: string): string {
  return `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f6f6f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1f1f">
    <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;border:1px solid #e5e5ea">
      <tr><td style="padding:32px">
        <p style="margin:0 0 16px;font-size:20px;font-weight:700">${titleHtml}</p>
        ${contentHtml}
      </td></tr>
    </table>
  </body>
</html>`;
}

/** Text made safe to stand in an e-mail's HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** What an e-mail whose point is a one-time link says around it, in text and HTML where they differ. */
export interface LinkEmailWords {
  to: string;
  subject: string;
  /** The HTML card's title, escaped. */
  titleHtml: string;
  intro: { text: string; html: string };
  /** The line before the link in the plain text: "Open this link to ...:". */
  openLine: string;
  /** The button's words in the HTML. */
  button: string;
  url: string;
  /** How long the link works (and as whom), below it. */
  expiry: { text: string; html: string };
  /** What to do if it was not asked for. */
  closing: string;
}

/**
 * An e-mail whose point is a one-time link (a password reset, an invitation), plain text and
 * HTML: the introduction, the link (a button, and its address to copy where buttons fail), how
 * long it works, and what to do if it was not asked for.
 */
export function linkEmail(words: LinkEmailWords): { to: string; subject: string; text: string; html: string } {
  const text = [
    "Hello,",
    "",
    words.intro.text,
    words.openLine,
    "",
    words.url,
    "",
    words.expiry.text,
    words.closing,
    "",
    `The ${PRODUCT_NAME} team`,
  ].join("\n");
  const url = escapeHtml(words.url);
  const html = emailHtml(
    words.titleHtml,
    [
      `<p style="margin:0 0 16px;line-height:1.5">${words.intro.html}</p>`,
      `<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(words.button)}</a></p>`,
      `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#555">${words.expiry.html} If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4f46e5;word-break:break-all">${url}</a></p>`,
      `<p style="margin:0;line-height:1.5;font-size:14px;color:#555">${escapeHtml(words.closing)}</p>`,
    ].join("\n        "),
  );
  return { to: words.to, subject: words.subject, text, html };
}
