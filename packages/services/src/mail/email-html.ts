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
