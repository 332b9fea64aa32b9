import { randomInt } from "node:crypto";
import type { FormObject, FormValue } from "./form-encoding.ts";
import type { CheckoutLineItem, CheckoutSession } from "./types.ts";

export interface ParamError {
  message: string;
  param: string;
  code: "parameter_missing" | "parameter_invalid_integer" | "parameter_invalid_empty" | "parameter_unknown" | "invalid_request";
}

export type CheckoutParse = { session: CheckoutSession; lineItems: CheckoutLineItem[] } | { error: ParamError };

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** "cs_test_" + 24 random letters and digits, shaped like Stripe's ids. */
export function stripeId(prefix: string, length = 24): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${prefix}_${id}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const missing = (param: string): ParamError => ({ message: `Missing required param: ${param}.`, param, code: "parameter_missing" });
const invalid = (param: string, message: string): ParamError => ({ message, param, code: "invalid_request" });

/**
 * Validates `POST /v1/checkout/sessions` parameters as the fake supports them (mode=payment with
 * inline `price_data` line items) and builds the open session. `origin` is the fake's URL.
 */
export function parseCheckoutParams(params: FormObject, origin: string): CheckoutParse {
  const mode = params.mode;
  if (mode === undefined) return { error: missing("mode") };
  if (mode !== "payment") return { error: invalid("mode", `fake stripe: only mode=payment is supported (got ${JSON.stringify(mode)}).`) };
  for (const param of ["success_url", "cancel_url"] as const) {
    const value = params[param];
    if (value === undefined) return { error: missing(param) };
    if (typeof value !== "string" || !/^https?:\/\//.test(value)) return { error: invalid(param, `Not a valid URL`) };
  }
  const items = params.line_items;
  if (items === undefined)
    return { error: { ...missing("line_items"), message: "You must provide at least one line item in `payment` mode." } };
  if (!Array.isArray(items) || items.length === 0) return { error: invalid("line_items", "Invalid array") };

  const lineItems: CheckoutLineItem[] = [];
  for (const [index, item] of items.entries()) {
    const parsed = parseLineItem(item, `line_items[${index}]`);
    if ("error" in parsed) return parsed;
    lineItems.push(parsed.item);
  }
  const currency = lineItems[0]?.currency ?? "usd";
  if (lineItems.some((item) => item.currency !== currency)) {
    return { error: invalid("line_items", "All line items must use the same currency.") };
  }

  const metadata = stringRecord(params.metadata);
  if (metadata === undefined) return { error: invalid("metadata", "Invalid object") };
  const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const created = nowSeconds();
  const id = stripeId("cs_test", 58);
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    url: `${origin}/pay/${id}`,
    mode: "payment",
    status: "open",
    payment_status: "unpaid",
    amount_subtotal: amount,
    amount_total: amount,
    currency,
    client_reference_id: optionalString(params.client_reference_id),
    customer_email: optionalString(params.customer_email),
    customer_details: null,
    metadata,
    success_url: params.success_url as string,
    cancel_url: params.cancel_url as string,
    payment_intent: null,
    invoice: null,
    livemode: false,
    created,
    expires_at: created + 24 * 60 * 60,
  };
  return { session, lineItems };
}

function parseLineItem(value: FormValue | undefined, at: string): { item: CheckoutLineItem } | { error: ParamError } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: invalid(at, "Invalid object") };
  if (value.price !== undefined) return { error: invalid(`${at}[price]`, "fake stripe: use price_data; stored prices are not supported.") };
  const priceData = value.price_data;
  if (typeof priceData !== "object" || Array.isArray(priceData)) return { error: missing(`${at}[price_data]`) };
  const currency = priceData.currency;
  if (currency === undefined) return { error: missing(`${at}[price_data][currency]`) };
  if (typeof currency !== "string" || !/^[a-zA-Z]{3}$/.test(currency))
    return { error: invalid(`${at}[price_data][currency]`, "Invalid currency") };
  const unitAmount = integer(priceData.unit_amount);
  if (priceData.unit_amount === undefined) return { error: missing(`${at}[price_data][unit_amount]`) };
  if (unitAmount === undefined) {
    return { error: { message: "Invalid integer", param: `${at}[price_data][unit_amount]`, code: "parameter_invalid_integer" } };
  }
  const productData = priceData.product_data;
  const name = typeof productData === "object" && !Array.isArray(productData) ? productData.name : undefined;
  if (name === undefined) return { error: missing(`${at}[price_data][product_data][name]`) };
  if (typeof name !== "string" || name.trim() === "") {
    return {
      error: { message: "You passed an empty string", param: `${at}[price_data][product_data][name]`, code: "parameter_invalid_empty" },
    };
  }
  if (value.quantity === undefined) return { error: missing(`${at}[quantity]`) };
  const quantity = integer(value.quantity);
  if (quantity === undefined || quantity < 1)
    return { error: { message: "Invalid integer", param: `${at}[quantity]`, code: "parameter_invalid_integer" } };
  return { item: { name, currency: currency.toLowerCase(), unitAmount, quantity } };
}

function integer(value: FormValue | undefined): number | undefined {
  if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
}

function optionalString(value: FormValue | undefined): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Metadata values are strings on Stripe; an empty value deletes the key. */
function stringRecord(value: FormValue | undefined): Record<string, string> | undefined {
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) return undefined;
  const record: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") return undefined;
    if (entry !== "") record[key] = entry;
  }
  return record;
}
