import { escapeHtml } from "../fixture-sites/html-layout.ts";
import { htmlDocument } from "../lib/html-document.ts";
import type { Charge, CheckoutLineItem, CheckoutSession } from "./types.ts";

/** "$5.00" for 500 usd; zero-decimal currencies (jpy, krw, ...) come out right through Intl. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

const CSS = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f9fc}
main{max-width:480px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
button{width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
ul{padding-left:20px}
.total{font-size:28px;font-weight:700;margin:8px 0 16px}
`;

const document = (title: string, body: string) => htmlDocument(title, CSS, body);

/** The hosted checkout page: the amount, a "Pay $5.00" button posting back here, and a Cancel link. */
export function checkoutPage(session: CheckoutSession, lineItems: CheckoutLineItem[]): string {
  const total = formatAmount(session.amount_total, session.currency);
  const items = lineItems
    .map((item) => {
      const quantity = item.quantity > 1 ? ` × ${item.quantity}` : "";
      return `<li>${escapeHtml(item.name)}${quantity}: ${formatAmount(item.unitAmount * item.quantity, item.currency)}</li>`;
    })
    .join("\n");
  const email = session.customer_email ? `<p>Paying as <strong>${escapeHtml(session.customer_email)}</strong></p>` : "";
  return document(
    "Checkout",
    `<h1>Checkout</h1>
<p class="total" aria-label="Total">${total}</p>
<ul aria-label="Items">
${items}
</ul>
${email}
<form method="post" action="/pay/${encodeURIComponent(session.id)}">
<button type="submit">Pay ${total}</button>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`,
  );
}

/** Shown for a session that can no longer be paid. */
export function closedSessionPage(session: CheckoutSession): string {
  const text = session.status === "complete" ? "This payment is complete." : "This Checkout Session is no longer active.";
  const link = session.status === "complete" ? `<p><a href="${escapeHtml(successUrl(session))}">Continue</a></p>` : "";
  return document("Checkout", `<h1>Checkout</h1>\n<p role="status">${text}</p>\n${link}`);
}

export function receiptPage(charge: Charge): string {
  const amount = formatAmount(charge.amount, charge.currency);
  return document(
    "Receipt",
    `<h1>Receipt</h1>
<dl>
<dt>Amount paid</dt><dd>${amount}</dd>
<dt>Receipt number</dt><dd>${escapeHtml(charge.id)}</dd>
<dt>Date paid</dt><dd>${new Date(charge.created * 1000).toISOString().slice(0, 10)}</dd>
</dl>`,
  );
}

export function notFoundPage(what: string): string {
  return document("Not found", `<h1>Not found</h1>\n<p>${escapeHtml(what)}</p>`);
}

/** success_url with Stripe's `{CHECKOUT_SESSION_ID}` template variable filled in. */
export function successUrl(session: CheckoutSession): string {
  return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}
