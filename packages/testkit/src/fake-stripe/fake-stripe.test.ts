import { createServer } from "node:http";
import type { Server } from "node:http";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeServer, listen, readBody } from "../lib/http-helpers.ts";
import { parseForm } from "./form-encoding.ts";
import { startFakeStripe } from "./start-fake-stripe.ts";
import type { FakeStripe } from "./types.ts";

interface Received {
  body: string;
  signature: string;
  contentType: string;
}

/** A webhook endpoint like a product's: verifies with the SDK, answers 400 when that throws. */
async function startReceiver(stripe: Stripe, secret: string) {
  const received: Received[] = [];
  const verified: Stripe.Event[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      if (req.url?.startsWith("/success")) return res.end("thanks");
      const signature = String(req.headers["stripe-signature"]);
      received.push({ body, signature, contentType: String(req.headers["content-type"]) });
      try {
        verified.push(stripe.webhooks.constructEvent(body, signature, secret));
        res.end("ok");
      } catch {
        res.writeHead(400).end("bad signature");
      }
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  return { url: `http://127.0.0.1:${port}`, received, verified, close: () => closeServer(server) };
}

const lineItem = (name: string, unitAmount: number, quantity = 1) => ({
  price_data: { currency: "usd", unit_amount: unitAmount, product_data: { name } },
  quantity,
});

describe("startFakeStripe with the official SDK", () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    fake = await startFakeStripe();
    stripe = new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: "http", maxNetworkRetries: 0 });
    receiver = await startReceiver(stripe, fake.webhookSecret);
    fake.setWebhookUrl(`${receiver.url}/webhooks/stripe`);
  });
  afterEach(async () => {
    await fake.close();
    await receiver.close();
  });

  const createSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [lineItem("Errand credits", 500)],
        success_url: `${receiver.url}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${receiver.url}/cancel`,
        client_reference_id: "user_42",
        customer_email: "ada@example.com",
        metadata: { plan: "starter" },
        ...overrides,
      },
      options,
    );

  it("creates a checkout session and serves its hosted page", async () => {
    const session = await createSession();
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 500,
      currency: "usd",
      client_reference_id: "user_42",
      customer_email: "ada@example.com",
      metadata: { plan: "starter" },
      payment_intent: null,
      invoice: null,
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: "500", product_data: { name: "Errand credits" } } }],
    });

    const page = await (await fetch(session.url ?? "")).text();
    expect(page).toContain("<title>Checkout</title>");
    expect(page).toContain("$5.00");
    expect(page).toContain(`<form method="post" action="/pay/${session.id}">`);
    expect(page).toContain('<button type="submit">Pay $5.00</button>');
    expect(page).toContain(`<a href="${receiver.url}/cancel">Cancel</a>`);
  });

  it("pays through the hosted page, redirects to success_url and sends a verifiable webhook", async () => {
    const session = await createSession({ line_items: [lineItem("Credits", 250, 2)] });
    const response = await fetch(`${fake.url}/pay/${session.id}`, { method: "POST", redirect: "manual" });
    expect(response.status).toBe(303);
    const location = `${receiver.url}/success?session_id=${session.id}`;
    expect(response.headers.get("location")).toBe(location);
    const followed = await fetch(`${fake.url}/pay/${session.id}`, { method: "POST" });
    expect(followed.url).toBe(location);
    expect(await followed.text()).toBe("thanks");

    expect(receiver.received).toHaveLength(1); // the second POST was a no-op
    expect(receiver.received[0]?.contentType).toMatch(/^application\/json/);
    expect(receiver.received[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = receiver.verified[0];
    expect(event).toMatchObject({ object: "event", type: "checkout.session.completed", api_version: "2025-01-27.acacia", livemode: false });
    expect(event?.id).toMatch(/^evt_/);
    const completed = event?.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      amount_total: 500,
      client_reference_id: "user_42",
    });
    expect(fake.deliveries()).toEqual([expect.objectContaining({ eventId: event?.id, status: 200 })]);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent.latest_charge"] });
    expect(paid.payment_intent).toMatchObject({ object: "payment_intent", amount: 500, currency: "usd", status: "succeeded" });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: "charge", receipt_url: `${fake.url}/receipts/${charge.id}` });
    const receipt = await fetch(charge.receipt_url ?? "");
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain("$5.00");

    const plain = await stripe.checkout.sessions.retrieve(session.id);
    expect(plain.payment_intent).toBe(intent.id);
    const retrievedIntent = await stripe.paymentIntents.retrieve(intent.id);
    expect(retrievedIntent.latest_charge).toBe(charge.id);
    const expandedIntent = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
    expect((expandedIntent.latest_charge as Stripe.Charge).id).toBe(charge.id);
  });

  it("redelivers the same event and sends arbitrary events, all signed", async () => {
    const session = await createSession();
    await fake.pay(session.id);
    await fake.pay(session.id);
    expect(fake.events()).toHaveLength(1);
    const eventId = fake.events()[0]?.id ?? "";
    expect(await fake.redeliver(eventId)).toBe(200);
    expect(receiver.verified.map((e) => e.id)).toEqual([eventId, eventId]);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);

    const sent = await fake.sendEvent("checkout.session.expired", { id: "cs_test_other", object: "checkout.session" });
    expect(sent.status).toBe(200);
    expect(receiver.verified[2]).toMatchObject({
      id: sent.id,
      type: "checkout.session.expired",
      data: { object: { id: "cs_test_other" } },
    });

    fake.setWebhookUrl(undefined);
    expect((await fake.sendEvent("ping", {})).status).toBe(0);
    expect(fake.deliveries()).toHaveLength(3);
  });

  it("honours Idempotency-Key: the same key gives the same session", async () => {
    const first = await createSession({}, { idempotencyKey: "order-1" });
    const again = await createSession({}, { idempotencyKey: "order-1" });
    const other = await createSession({}, { idempotencyKey: "order-2" });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(fake.sessions()).toHaveLength(2);
    await expect(createSession({ client_reference_id: "someone-else" }, { idempotencyKey: "order-1" })).rejects.toMatchObject({
      type: "StripeIdempotencyError",
    });
  });

  it("rejects a wrong API key with an authentication error", async () => {
    const wrong = new Stripe("sk_test_wrong_key", { host: fake.host, port: fake.port, protocol: "http", maxNetworkRetries: 0 });
    await expect(wrong.checkout.sessions.retrieve("cs_test_x")).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(wrong.checkout.sessions.create({ mode: "payment" })).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    const raw = await fetch(`${fake.url}/v1/checkout/sessions`, { method: "POST", body: "mode=payment" });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      error: { type: "invalid_request_error", message: expect.stringContaining("did not provide an API key") },
    });
  });

  it("answers 400 with a Stripe error for missing or invalid params", async () => {
    const error = await createSession({ success_url: undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      param: "success_url",
      code: "parameter_missing",
      message: "Missing required param: success_url.",
    });
    await expect(createSession({ line_items: [{ quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
      param: "line_items[0][price_data]",
    });
    const notFound = await stripe.checkout.sessions.retrieve("cs_test_missing").catch((e: unknown) => e);
    expect(notFound).toMatchObject({ statusCode: 404, code: "resource_missing" });
    expect(fake.sessions()).toHaveLength(0);
  });
});

describe("parseForm", () => {
  it("builds nested objects and arrays from bracketed keys", () => {
    const raw =
      "mode=payment&line_items[0][price_data][currency]=usd&line_items[0][quantity]=2&line_items[1][quantity]=1" +
      "&metadata%5Bplan%5D=a+b&expand[]=x&expand[]=y&success_url=http%3A%2F%2Fa%2F%3Fid%3D%7BCHECKOUT_SESSION_ID%7D&__proto__[polluted]=1";
    expect(parseForm(raw)).toEqual({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd" }, quantity: "2" }, { quantity: "1" }],
      metadata: { plan: "a b" },
      expand: ["x", "y"],
      success_url: "http://a/?id={CHECKOUT_SESSION_ID}",
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
