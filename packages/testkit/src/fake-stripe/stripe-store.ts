import { nowSeconds, stripeId } from "./checkout-params.ts";
import type { ApiReply } from "./stripe-replies.ts";
import type {
  Charge,
  CheckoutLineItem,
  CheckoutSession,
  PaymentIntent,
  StripeEvent,
  StripeRecordedRequest,
  WebhookDelivery,
} from "./types.ts";
import { deliverWebhook } from "./webhook-sender.ts";

export const FAKE_STRIPE_API_VERSION = "2025-01-27.acacia";

/** What the fake Stripe holds: its objects, the events it sent and where, and the requests it got. */
export interface StripeStore {
  /** "http://127.0.0.1:PORT", once listening. */
  origin: string;
  webhookUrl?: string;
  webhookSecret: string;
  sessions: Map<string, { session: CheckoutSession; lineItems: CheckoutLineItem[] }>;
  paymentIntents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  /** Replies by idempotency key, with the request they answered. */
  idempotent: Map<string, { request: string; reply: ApiReply }>;
  events: Map<string, { event: StripeEvent; body: string }>;
  deliveries: WebhookDelivery[];
  requests: StripeRecordedRequest[];
  /** Aborted on close: webhook deliveries in flight stop. */
  closing: AbortController;
}

export function createStripeStore(options: { webhookUrl?: string; webhookSecret?: string }): StripeStore {
  return {
    origin: "",
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret ?? "whsec_test_fake",
    sessions: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    idempotent: new Map(),
    events: new Map(),
    deliveries: [],
    requests: [],
    closing: new AbortController(),
  };
}

/** Sends a stored event to the webhook URL, signed; returns the status it got (0 without a URL). */
export async function deliverEvent(store: StripeStore, eventId: string): Promise<number> {
  const stored = store.events.get(eventId);
  if (stored === undefined) throw new Error(`fake stripe: no event ${eventId}`);
  if (store.webhookUrl === undefined) return 0;
  const url = store.webhookUrl;
  const status = await deliverWebhook(url, stored.body, store.webhookSecret, store.closing.signal);
  store.deliveries.push({ eventId, type: stored.event.type, url, status, at: Date.now() });
  return status;
}

export async function sendEvent(
  store: StripeStore,
  type: string,
  object: Record<string, unknown>,
): Promise<{ id: string; status: number }> {
  const event: StripeEvent = {
    id: stripeId("evt"),
    object: "event",
    api_version: FAKE_STRIPE_API_VERSION,
    created: nowSeconds(),
    type,
    livemode: false,
    pending_webhooks: store.webhookUrl === undefined ? 0 : 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
  store.events.set(event.id, { event, body: JSON.stringify(event, null, 2) });
  return { id: event.id, status: await deliverEvent(store, event.id) };
}

/** Marks the session paid, creates its payment intent and charge, sends checkout.session.completed. */
export async function paySession(store: StripeStore, sessionId: string): Promise<void> {
  const entry = store.sessions.get(sessionId);
  if (entry === undefined) throw new Error(`fake stripe: no checkout session ${sessionId}`);
  const { session } = entry;
  if (session.status === "complete") return; // paying twice is a no-op
  if (session.status === "expired") throw new Error(`fake stripe: checkout session ${sessionId} has expired`);
  const created = nowSeconds();
  const intentId = stripeId("pi");
  const chargeId = stripeId("ch");
  const charge: Charge = {
    id: chargeId,
    object: "charge",
    amount: session.amount_total,
    currency: session.currency,
    paid: true,
    status: "succeeded",
    payment_intent: intentId,
    receipt_url: `${store.origin}/receipts/${chargeId}`,
    livemode: false,
    created,
  };
  store.charges.set(charge.id, charge);
  store.paymentIntents.set(intentId, {
    id: intentId,
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    status: "succeeded",
    latest_charge: charge.id,
    metadata: {},
    livemode: false,
    created,
  });
  Object.assign(session, {
    status: "complete",
    payment_status: "paid",
    payment_intent: intentId,
    url: null,
    customer_details: { email: session.customer_email },
  });
  await sendEvent(store, "checkout.session.completed", sessionView(store, session, []));
}

export function intentView(store: StripeStore, intent: PaymentIntent, expand: string[]): Record<string, unknown> {
  const view: Record<string, unknown> = { ...intent };
  if (expand.includes("latest_charge")) view.latest_charge = { ...store.charges.get(intent.latest_charge) };
  return view;
}

export function sessionView(store: StripeStore, session: CheckoutSession, expand: string[]): Record<string, unknown> {
  const view: Record<string, unknown> = { ...structuredClone(session) };
  const intent = session.payment_intent === null ? undefined : store.paymentIntents.get(session.payment_intent);
  const nested = expand.filter((e) => e.startsWith("payment_intent.")).map((e) => e.slice("payment_intent.".length));
  if (intent && (expand.includes("payment_intent") || nested.length > 0)) view.payment_intent = intentView(store, intent, nested);
  return view;
}
