import { transactions } from "@errand/db";
import type { FakeStripe } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveAppWithStripe } from "../../testing/stripe-app.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

let stripe: FakeStripe;
let t: TestApp;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app: t, stripe, baseUrl, close } = await serveAppWithStripe());
});
afterAll(() => close());

describe("audit log: credits bought", () => {
  it("records a paid checkout once, for the buyer, even when its event comes again and at once", async () => {
    const buyer = await t.newCaller();
    const paid = await fetch(`${baseUrl}/api/v1/payments`, {
      method: "POST",
      headers: { cookie: buyer.cookie, origin: baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ amount: 500 }),
    });
    expect(paid.status).toBe(201);
    const { transactionId } = await json(paid);
    const [pending] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    // Not bought until the provider says it is paid.
    const before = await json(await t.send("GET", "/api/v1/audit-events?action=credits.bought", buyer.headers));
    expect(before.audit_events).toEqual([]);

    await stripe.pay(pending!.externalId!);
    const event = stripe
      .events()
      .find((e) => e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === pending!.externalId)!;
    await Promise.all([stripe.redeliver(event.id), stripe.redeliver(event.id), stripe.redeliver(event.id)]);

    const after = await json(await t.send("GET", "/api/v1/audit-events?action=credits.bought", buyer.headers));
    expect(after.audit_events).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        action: "credits.bought",
        actor: { user_id: buyer.userId, email: buyer.email, via: "payment", api_key_id: null },
        ip: null,
        target: { type: "payment", id: transactionId, label: "50000 credits" },
        details: { credits: 50_000, amount: 500 },
      },
    ]);
  });
});
