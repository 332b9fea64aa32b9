import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/**
 * An invoice with a "Pay now" button, and a card form whose button says only "Continue" (a
 * press of Enter in its card field submits it), for approval before irreversible actions
 * (docs/adr/0048-approval-before-irreversible-actions.md). The payment is the POST: the sites'
 * request log is the page's own record of whether it was made.
 */
export const approvalRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/approval/invoice",
    handle: () =>
      page({
        title: "Invoice 1042",
        body: `<h1>Invoice 1042</h1>
<p>Amount due: $42.00</p>
<form method="post" action="/approval/invoice"><button type="submit">Pay now</button></form>
<p><a href="/approval/invoice/details">Invoice details</a></p>`,
      }),
  },
  {
    method: "GET",
    path: "/approval/invoice/details",
    handle: () => page({ title: "Invoice 1042 details", body: "<h1>Invoice 1042 details</h1><p>Due date: 31 December</p>" }),
  },
  {
    method: "POST",
    path: "/approval/invoice",
    handle: () => page({ title: "Payment received", body: "<h1>Payment received</h1><p>Invoice 1042 is paid: $42.00.</p>" }),
  },

  {
    method: "GET",
    path: "/approval/card",
    handle: () =>
      page({
        title: "Pay invoice 1042 by card",
        body: `<h1>Pay invoice 1042 by card</h1>
<form method="post" action="/approval/card">
<label for="card">Card number</label> <input id="card" name="cardnumber" autocomplete="cc-number" inputmode="numeric">
<button type="submit">Continue</button>
</form>`,
      }),
  },
  {
    method: "POST",
    path: "/approval/card",
    handle: () => page({ title: "Card accepted", body: "<h1>Card accepted</h1><p>Invoice 1042 is paid: $42.00.</p>" }),
  },
];
