import type { Transaction } from "@errand/contract";

export type InvoiceCell = { kind: "link"; href: string } | { kind: "text"; text: string };

/**
 * The Invoice column: a "View" link to the invoice (web addresses only), else "Granted" for
 * credits the service gave, else "—".
 */
export function invoiceCell(transaction: Pick<Transaction, "invoice_url" | "kind">): InvoiceCell {
  const url = transaction.invoice_url?.trim();
  if (url && /^https?:\/\//i.test(url)) return { kind: "link", href: url };
  return { kind: "text", text: transaction.kind === "grant" ? "Granted" : "—" };
}
