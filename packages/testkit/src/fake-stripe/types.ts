import type { FormObject } from "./form-encoding.ts";

/** A Checkout Session as the Stripe API returns it (the subset the fake keeps). */
export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  /** The hosted page (`<fake url>/pay/<id>`); null once the session is complete or expired, as on Stripe. */
  url: string | null;
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  invoice: null;
  livemode: false;
  created: number;
  expires_at: number;
}

export interface CheckoutLineItem {
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded";
  latest_charge: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  currency: string;
  paid: true;
  status: "succeeded";
  payment_intent: string;
  receipt_url: string;
  livemode: false;
  created: number;
}

/** A webhook event exactly as POSTed to the webhook URL. */
export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/** One POST of an event to the webhook URL. `status` is the receiver's HTTP status, 0 when unreachable. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  status: number;
  at: number;
}

export interface StripeRecordedRequest {
  method: string;
  /** Path with query string, e.g. "/v1/checkout/sessions/cs_test_x?expand[0]=payment_intent". */
  path: string;
  headers: Record<string, string>;
  /** The form body (or, for GET, the query) parsed into nested objects and arrays. */
  body: FormObject;
  raw: string;
  at: number;
}

export interface FakeStripe {
  /** "http://127.0.0.1:PORT", the origin of the API, the hosted checkout pages and the receipts. */
  url: string;
  /** "127.0.0.1"; pass with `port` and `protocol: "http"` to `new Stripe(secretKey, {...})`. */
  host: string;
  port: number;
  /** The only API key accepted ("sk_test_fake"). */
  secretKey: string;
  /** The signing secret of the webhook endpoint ("whsec_test_fake" unless given). */
  webhookSecret: string;
  /** Where events are POSTed; undefined means events are recorded but not delivered. */
  setWebhookUrl(url: string | undefined): void;
  sessions(): CheckoutSession[];
  /** Every request to the fake, in arrival order. */
  requests: StripeRecordedRequest[];
  /** Completes the payment as the hosted page would (no redirect); resolves once the webhook was answered. */
  pay(sessionId: string): Promise<void>;
  /** POSTs an already sent event again: same body and id, fresh signature. Resolves with the receiver's status. */
  redeliver(eventId: string): Promise<number>;
  /** Sends any event; `dataObject` becomes `data.object`. */
  sendEvent(type: string, dataObject: Record<string, unknown>): Promise<{ id: string; status: number }>;
  events(): StripeEvent[];
  deliveries(): WebhookDelivery[];
  close(): Promise<void>;
}
