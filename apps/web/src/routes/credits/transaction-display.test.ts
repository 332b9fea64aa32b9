import { describe, expect, it } from "vitest";
import { invoiceCell } from "./transaction-display";

describe("invoiceCell", () => {
  it("links to an invoice's web address", () => {
    const href = "https://pay.example.com/invoice/abc";
    expect(invoiceCell({ kind: "purchase", invoice_url: href })).toEqual({ kind: "link", href });
    expect(invoiceCell({ kind: "grant", invoice_url: href })).toEqual({ kind: "link", href });
  });

  it("shows a dash for a purchase without an invoice", () => {
    expect(invoiceCell({ kind: "purchase", invoice_url: null })).toEqual({ kind: "text", text: "—" });
    expect(invoiceCell({ kind: "purchase", invoice_url: "  " })).toEqual({ kind: "text", text: "—" });
  });

  it("shows Granted for a grant without an invoice", () => {
    expect(invoiceCell({ kind: "grant", invoice_url: null })).toEqual({ kind: "text", text: "Granted" });
  });

  it("never links to other schemes", () => {
    expect(invoiceCell({ kind: "purchase", invoice_url: "javascript:alert(1)" })).toEqual({ kind: "text", text: "—" });
  });
});
