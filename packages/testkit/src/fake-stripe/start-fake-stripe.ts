import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, flattenHeaders, isGone, listen, readBody, sendJson } from "../lib/http-helpers.ts";
import { nowSeconds, parseCheckoutParams, stripeId } from "./checkout-params.ts";
import { expandList, parseForm } from "./form-encoding.ts";
import type { FormObject } from "./form-encoding.ts";
import { checkoutPage, closedSessionPage, notFoundPage, receiptPage, successUrl } from "./stripe-pages.ts";
import { checkApiKey, noSuch, sendHtml, unrecognized } from "./stripe-replies.ts";
import type { ApiReply } from "./stripe-replies.ts";
import type { Charge, CheckoutLineItem, CheckoutSession, FakeStripe, PaymentIntent, StripeEvent, StripeRecordedRequest, WebhookDelivery } from "./types.ts";
import { deliverWebhook } from "./webhook-sender.ts";

export const FAKE_STRIPE_API_VERSION = "2025-01-27.acacia";
export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake";

/**
 * A fake of the Stripe API, hosted Checkout and webhooks on 127.0.0.1. Point the official SDK at it with
 * `new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: "http" })`.
 * Supports Checkout Sessions in payment mode with inline `price_data`; payments always succeed.
 */
export async function startFakeStripe(options: { webhookUrl?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? "whsec_test_fake";
  let webhookUrl = options.webhookUrl;
  const sessions = new Map<string, { session: CheckoutSession; lineItems: CheckoutLineItem[] }>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const idempotent = new Map<string, { request: string; reply: ApiReply }>();
  const events = new Map<string, { event: StripeEvent; body: string }>();
  const deliveries: WebhookDelivery[] = [];
  const requests: StripeRecordedRequest[] = [];
  const closing = new AbortController();
  let origin = "";

  async function deliver(eventId: string): Promise<number> {
    const stored = events.get(eventId);
    if (stored === undefined) throw new Error(`fake stripe: no event ${eventId}`);
    if (webhookUrl === undefined) return 0;
    const url = webhookUrl;
    const status = await deliverWebhook(url, stored.body, webhookSecret, closing.signal);
    deliveries.push({ eventId, type: stored.event.type, url, status, at: Date.now() });
    return status;
  }

  async function sendEvent(type: string, object: Record<string, unknown>): Promise<{ id: string; status: number }> {
    const event: StripeEvent = {
      id: stripeId("evt"),
      object: "event",
      api_version: FAKE_STRIPE_API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: webhookUrl === undefined ? 0 : 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    events.set(event.id, { event, body: JSON.stringify(event, null, 2) });
    return { id: event.id, status: await deliver(event.id) };
  }

  /** Marks the session paid, creates its payment intent and charge, sends checkout.session.completed. */
  async function pay(sessionId: string): Promise<void> {
    const entry = sessions.get(sessionId);
    if (entry === undefined) throw new Error(`fake stripe: no checkout session ${sessionId}`);
    const { session } = entry;
    if (session.status === "complete") return; // paying twice is a no-op
    if (session.status === "expired") throw new Error(`fake stripe: checkout session ${sessionId} has expired`);
    const created = nowSeconds();
    const intentId = stripeId("pi");
    const charge: Charge = {
      id: stripeId("ch"),
      object: "charge",
      amount: session.amount_total,
      currency: session.currency,
      paid: true,
      status: "succeeded",
      payment_intent: intentId,
      receipt_url: "",
      livemode: false,
      created,
    };
    charge.receipt_url = `${origin}/receipts/${charge.id}`;
    charges.set(charge.id, charge);
    paymentIntents.set(intentId, {
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
    await sendEvent("checkout.session.completed", sessionView(session, []));
  }

  function intentView(intent: PaymentIntent, expand: string[]): Record<string, unknown> {
    const view: Record<string, unknown> = { ...intent };
    if (expand.includes("latest_charge")) view.latest_charge = { ...charges.get(intent.latest_charge) };
    return view;
  }

  function sessionView(session: CheckoutSession, expand: string[]): Record<string, unknown> {
    const view: Record<string, unknown> = { ...structuredClone(session) };
    const intent = session.payment_intent === null ? undefined : paymentIntents.get(session.payment_intent);
    const nested = expand.filter((e) => e.startsWith("payment_intent.")).map((e) => e.slice("payment_intent.".length));
    if (intent && (expand.includes("payment_intent") || nested.length > 0)) view.payment_intent = intentView(intent, nested);
    return view;
  }

  function api(method: string, pathname: string, params: FormObject, idempotencyKey: string | undefined, raw: string): ApiReply {
    const expand = expandList(params);
    if (method === "POST" && pathname === "/v1/checkout/sessions") {
      const replay = idempotencyKey === undefined ? undefined : idempotent.get(idempotencyKey);
      if (replay !== undefined) {
        if (replay.request !== raw) {
          const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
          return { status: 400, body: { error: { type: "idempotency_error", message } } };
        }
        return { ...replay.reply, headers: { "idempotent-replayed": "true" } };
      }
      const parsed = parseCheckoutParams(params, origin);
      // Like Stripe, a request that fails validation is not saved under its idempotency key.
      if ("error" in parsed) return { status: 400, body: { error: { type: "invalid_request_error", ...parsed.error } } };
      sessions.set(parsed.session.id, parsed);
      const reply: ApiReply = { status: 200, body: sessionView(parsed.session, expand) };
      if (idempotencyKey !== undefined) idempotent.set(idempotencyKey, { request: raw, reply });
      return reply;
    }
    if (method === "GET" && pathname === "/v1/checkout/sessions") {
      const data = [...sessions.values()].reverse().map((entry) => sessionView(entry.session, []));
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/checkout/sessions" } };
    }
    const [, resource, id, action] = /^\/v1\/(checkout\/sessions|payment_intents|charges)\/([^/]+)(\/expire)?$/.exec(pathname) ?? [];
    if (resource === undefined || id === undefined) return unrecognized(method, pathname);
    if (resource === "checkout/sessions") {
      const entry = sessions.get(id);
      if (entry === undefined) return noSuch("checkout.session", id);
      if (action === undefined && method === "GET") return { status: 200, body: sessionView(entry.session, expand) };
      if (action === "/expire" && method === "POST") {
        if (entry.session.status !== "open") {
          const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${entry.session.status}".`;
          return { status: 400, body: { error: { type: "invalid_request_error", message } } };
        }
        Object.assign(entry.session, { status: "expired", url: null });
        return { status: 200, body: sessionView(entry.session, expand) };
      }
    } else if (action === undefined && method === "GET" && resource === "payment_intents") {
      const intent = paymentIntents.get(id);
      return intent ? { status: 200, body: intentView(intent, expand) } : noSuch("payment_intent", id);
    } else if (action === undefined && method === "GET") {
      const charge = charges.get(id);
      return charge ? { status: 200, body: { ...charge } } : noSuch("charge", id);
    }
    return unrecognized(method, pathname);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", origin);
    const raw = await readBody(req, 1024 * 1024);
    const headers = flattenHeaders(req.headers);
    const params = parseForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : raw);
    requests.push({ method, path: url.pathname + url.search, headers, body: params, raw, at: Date.now() });

    const page = /^\/(pay|receipts)\/([^/]+)$/.exec(url.pathname);
    if (page !== null) return servePage(res, method, page[1] ?? "", decodeURIComponent(page[2] ?? ""));
    if (!url.pathname.startsWith("/v1/")) return sendHtml(res, 404, notFoundPage(`Nothing at ${url.pathname}`));
    const authError = checkApiKey(headers.authorization, FAKE_STRIPE_SECRET_KEY);
    const reply = authError ?? api(method, url.pathname, params, headers["idempotency-key"], raw);
    sendJson(res, reply.status, reply.body, { "request-id": stripeId("req", 14), ...reply.headers });
  }

  async function servePage(res: ServerResponse, method: string, kind: string, id: string): Promise<void> {
    if (kind === "receipts") {
      const charge = charges.get(id);
      return charge ? sendHtml(res, 200, receiptPage(charge)) : sendHtml(res, 404, notFoundPage(`No receipt ${id}`));
    }
    const entry = sessions.get(id);
    if (entry === undefined) return sendHtml(res, 404, notFoundPage(`No checkout session ${id}`));
    if (method === "POST" && entry.session.status !== "expired") {
      await pay(id);
      if (isGone(res)) return;
      res.writeHead(303, { location: successUrl(entry.session), "content-length": 0 });
      return void res.end();
    }
    if (entry.session.status === "open") return sendHtml(res, 200, checkoutPage(entry.session, entry.lineItems));
    sendHtml(res, method === "POST" ? 400 : 200, closedSessionPage(entry.session));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = `fake stripe: ${error instanceof Error ? error.message : String(error)}`;
      sendJson(res, 500, { error: { type: "api_error", message } });
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    host: "127.0.0.1",
    port,
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    sessions: () => [...sessions.values()].map((entry) => structuredClone(entry.session)),
    requests,
    pay,
    redeliver: deliver,
    sendEvent,
    events: () => [...events.values()].map((stored) => structuredClone(stored.event)),
    deliveries: () => deliveries.map((delivery) => ({ ...delivery })),
    async close() {
      closing.abort();
      await closeServer(server);
    },
  };
}
