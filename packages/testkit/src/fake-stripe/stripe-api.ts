import { parseCheckoutParams } from "./checkout-params.ts";
import { expandList } from "./form-encoding.ts";
import type { FormObject } from "./form-encoding.ts";
import { noSuch, unrecognized } from "./stripe-replies.ts";
import type { ApiReply } from "./stripe-replies.ts";
import { intentView, sessionView } from "./stripe-store.ts";
import type { StripeStore } from "./stripe-store.ts";

/** One request to /v1/ (its key already checked): the Checkout Session, PaymentIntent and Charge endpoints the fake knows. */
export function stripeApi(
  store: StripeStore,
  method: string,
  pathname: string,
  params: FormObject,
  idempotencyKey: string | undefined,
  raw: string,
): ApiReply {
  const expand = expandList(params);
  if (method === "POST" && pathname === "/v1/checkout/sessions") return createSession(store, params, expand, idempotencyKey, raw);
  if (method === "GET" && pathname === "/v1/checkout/sessions") {
    const data = [...store.sessions.values()].reverse().map((entry) => sessionView(store, entry.session, []));
    return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/checkout/sessions" } };
  }
  const [, resource, id, action] = /^\/v1\/(checkout\/sessions|payment_intents|charges)\/([^/]+)(\/expire)?$/.exec(pathname) ?? [];
  if (resource === undefined || id === undefined) return unrecognized(method, pathname);
  if (resource === "checkout/sessions") return sessionEndpoint(store, { method, pathname, id, action, expand });
  if (action === undefined && method === "GET" && resource === "payment_intents") {
    const intent = store.paymentIntents.get(id);
    return intent ? { status: 200, body: intentView(store, intent, expand) } : noSuch("payment_intent", id);
  }
  if (action === undefined && method === "GET") {
    const charge = store.charges.get(id);
    return charge ? { status: 200, body: { ...charge } } : noSuch("charge", id);
  }
  return unrecognized(method, pathname);
}

/** POST /v1/checkout/sessions, replayed for a repeated idempotency key (refused with other parameters). */
function createSession(
  store: StripeStore,
  params: FormObject,
  expand: string[],
  idempotencyKey: string | undefined,
  raw: string,
): ApiReply {
  const replay = idempotencyKey === undefined ? undefined : store.idempotent.get(idempotencyKey);
  if (replay !== undefined) {
    if (replay.request !== raw) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { status: 400, body: { error: { type: "idempotency_error", message } } };
    }
    return { ...replay.reply, headers: { "idempotent-replayed": "true" } };
  }
  const parsed = parseCheckoutParams(params, store.origin);
  // Like Stripe, a request that fails validation is not saved under its idempotency key.
  if ("error" in parsed) return { status: 400, body: { error: { type: "invalid_request_error", ...parsed.error } } };
  store.sessions.set(parsed.session.id, parsed);
  const reply: ApiReply = { status: 200, body: sessionView(store, parsed.session, expand) };
  if (idempotencyKey !== undefined) store.idempotent.set(idempotencyKey, { request: raw, reply });
  return reply;
}

/** GET /v1/checkout/sessions/{id} and POST …/expire (only an open session expires). */
function sessionEndpoint(
  store: StripeStore,
  req: { method: string; pathname: string; id: string; action: string | undefined; expand: string[] },
): ApiReply {
  const entry = store.sessions.get(req.id);
  if (entry === undefined) return noSuch("checkout.session", req.id);
  if (req.action === undefined && req.method === "GET") return { status: 200, body: sessionView(store, entry.session, req.expand) };
  if (req.action === "/expire" && req.method === "POST") {
    if (entry.session.status !== "open") {
      const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${entry.session.status}".`;
      return { status: 400, body: { error: { type: "invalid_request_error", message } } };
    }
    Object.assign(entry.session, { status: "expired", url: null });
    return { status: 200, body: sessionView(store, entry.session, req.expand) };
  }
  return unrecognized(req.method, req.pathname);
}
