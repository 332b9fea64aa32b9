import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, flattenHeaders, isGone, listen, readBody, sendHtml, sendJson } from "../lib/http-helpers.ts";
import { stripeId } from "./checkout-params.ts";
import { parseForm } from "./form-encoding.ts";
import { stripeApi } from "./stripe-api.ts";
import { checkoutPage, closedSessionPage, notFoundPage, receiptPage, successUrl } from "./stripe-pages.ts";
import { checkApiKey } from "./stripe-replies.ts";
import { createStripeStore, deliverEvent, paySession, sendEvent } from "./stripe-store.ts";
import type { StripeStore } from "./stripe-store.ts";
import type { FakeStripe } from "./types.ts";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake";

/**
 * A fake of the Stripe API, hosted Checkout and webhooks on 127.0.0.1. Point the official SDK at it with
 * `new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: "http" })`.
 * Supports Checkout Sessions in payment mode with inline `price_data`; payments always succeed.
 */
export async function startFakeStripe(options: { webhookUrl?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const store = createStripeStore(options);
  const server = createServer((req, res) => {
    handle(store, req, res).catch((error: unknown) => {
      const message = `fake stripe: ${error instanceof Error ? error.message : String(error)}`;
      sendJson(res, 500, { error: { type: "api_error", message } });
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  store.origin = `http://127.0.0.1:${port}`;

  return {
    url: store.origin,
    host: "127.0.0.1",
    port,
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret: store.webhookSecret,
    setWebhookUrl(url) {
      store.webhookUrl = url;
    },
    sessions: () => [...store.sessions.values()].map((entry) => structuredClone(entry.session)),
    requests: store.requests,
    pay: (sessionId) => paySession(store, sessionId),
    redeliver: (eventId) => deliverEvent(store, eventId),
    sendEvent: (type, object) => sendEvent(store, type, object),
    events: () => [...store.events.values()].map((stored) => structuredClone(stored.event)),
    deliveries: () => store.deliveries.map((delivery) => ({ ...delivery })),
    async close() {
      store.closing.abort();
      await closeServer(server);
    },
  };
}

/** Every request is recorded; then it is a hosted page (/pay, /receipts) or, with a valid key, the API. */
async function handle(store: StripeStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", store.origin);
  const raw = await readBody(req, 1024 * 1024);
  const headers = flattenHeaders(req.headers);
  const params = parseForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : raw);
  store.requests.push({ method, path: url.pathname + url.search, headers, body: params, raw, at: Date.now() });

  const page = /^\/(pay|receipts)\/([^/]+)$/.exec(url.pathname);
  if (page !== null) return servePage(store, res, method, page[1] ?? "", decodeURIComponent(page[2] ?? ""));
  if (!url.pathname.startsWith("/v1/")) return sendHtml(res, 404, notFoundPage(`Nothing at ${url.pathname}`));
  const authError = checkApiKey(headers.authorization, FAKE_STRIPE_SECRET_KEY);
  const reply = authError ?? stripeApi(store, method, url.pathname, params, headers["idempotency-key"], raw);
  sendJson(res, reply.status, reply.body, { "request-id": stripeId("req", 14), ...reply.headers });
}

/** A receipt, or the hosted checkout page: shown while open, paid on POST (then back to the success URL). */
async function servePage(store: StripeStore, res: ServerResponse, method: string, kind: string, id: string): Promise<void> {
  if (kind === "receipts") {
    const charge = store.charges.get(id);
    return charge ? sendHtml(res, 200, receiptPage(charge)) : sendHtml(res, 404, notFoundPage(`No receipt ${id}`));
  }
  const entry = store.sessions.get(id);
  if (entry === undefined) return sendHtml(res, 404, notFoundPage(`No checkout session ${id}`));
  if (method === "POST" && entry.session.status !== "expired") {
    await paySession(store, id);
    if (isGone(res)) return;
    res.writeHead(303, { location: successUrl(entry.session), "content-length": 0 });
    return void res.end();
  }
  if (entry.session.status === "open") return sendHtml(res, 200, checkoutPage(entry.session, entry.lineItems));
  sendHtml(res, method === "POST" ? 400 : 200, closedSessionPage(entry.session));
}
