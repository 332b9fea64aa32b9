import { transactions, userCredits, verifications } from "@errand/db";
import { testMailer } from "@errand/services/testing";
import { startSmtpCapture, type FakeStripe, type SmtpCapture } from "@errand/testkit";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveAppWithStripe } from "../../testing/stripe-app.ts";
import { cookiesFrom, createTestApp, json, type TestApp } from "../../testing/test-app.ts";

let stripe: FakeStripe;
let smtp: SmtpCapture;
let t: TestApp;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({
    app: t,
    stripe,
    baseUrl,
    close,
  } = await serveAppWithStripe({
    mailer: testMailer(smtp.url),
  }));
});
afterAll(async () => {
  await close();
  await smtp.close();
});

const balance = async (userId: string) => (await t.ctx.db.select().from(userCredits).where(eq(userCredits.userId, userId)))[0]!.credits;
const post = (path: string, cookie: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("credit purchase", () => {
  it("refuses less than $3 with the spec's message", async () => {
    const caller = await t.newCaller();
    const res = await post("/api/v1/payments", caller.cookie, { amount: 299 });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual([{ path: "amount", message: "Minimum amount is $3" }]);
  });

  it("records a pending transaction, pays through checkout, credits once even when the event comes twice or at once", async () => {
    const caller = await t.newCaller();
    const res = await post("/api/v1/payments", caller.cookie, { amount: 500 });
    expect(res.status).toBe(201);
    const { sessionUrl, transactionId } = await json(res);
    expect(sessionUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const [pending] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(pending).toMatchObject({ status: "pending", amount: 500, credits: 50_000, kind: "purchase" });
    const session = stripe.sessions().find((s) => s.id === pending!.externalId)!;
    expect(session).toMatchObject({ amount_total: 500, client_reference_id: transactionId });

    await stripe.pay(session.id);
    expect(await balance(caller.userId)).toBe(50_000);
    const event = stripe
      .events()
      .find((e) => e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === session.id)!;
    // The same event again, and three at once: still one credit.
    expect(await stripe.redeliver(event.id)).toBe(200);
    await Promise.all([stripe.redeliver(event.id), stripe.redeliver(event.id), stripe.redeliver(event.id)]);
    expect(await balance(caller.userId)).toBe(50_000);

    const list = await json(await fetch(`${baseUrl}/api/v1/transactions`, { headers: { cookie: caller.cookie } }));
    expect(list.transactions).toEqual([
      expect.objectContaining({
        id: transactionId,
        status: "completed",
        amount: 500,
        credits: 50_000,
        invoice_url: expect.stringMatching(/\/receipts\/ch_/),
      }),
    ]);
  });

  it("answers 400 to a bad signature and changes nothing; ignores other events", async () => {
    const caller = await t.newCaller();
    const { transactionId } = await json(await post("/api/v1/payments", caller.cookie, { amount: 2000 }));
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    const forged = JSON.stringify({
      id: "evt_forged",
      type: "checkout.session.completed",
      data: { object: { id: row!.externalId, payment_status: "paid" } },
    });
    const bad = await fetch(`${baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
      body: forged,
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe("Invalid Stripe signature");
    expect(await balance(caller.userId)).toBe(0);
    const [still] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(still!.status).toBe("pending");

    const other = await stripe.sendEvent("payment_intent.created", { id: "pi_other", object: "payment_intent" });
    expect(other.status).toBe(200);
    expect(await balance(caller.userId)).toBe(0);

    // An abandoned checkout expires: its transaction is cancelled, no credits.
    const session = stripe.sessions().find((s) => s.id === row!.externalId)!;
    expect((await stripe.sendEvent("checkout.session.expired", { ...session, status: "expired" })).status).toBe(200);
    const [expired] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(expired!.status).toBe("cancelled");
    expect(await balance(caller.userId)).toBe(0);
  });
});

describe("password reset by e-mail", () => {
  it("mails a one-time link that sets a new password; the link then stops working", async () => {
    const caller = await t.newCaller();
    const asked = await post("/api/auth/request-password-reset", "", { email: caller.email, redirectTo: "/reset-password" });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitForMail({ to: caller.email });
    expect(mail.subject).toBe("Reset your Errand password");
    const link = /(http:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text!)![1]!;
    expect(mail.html).toContain(link.replace(/&/g, "&amp;"));

    // The link checks the token and sends the browser to our page with it.
    const followed = await fetch(link, { redirect: "manual" });
    expect(followed.status).toBe(302);
    const target = new URL(followed.headers.get("location")!, baseUrl);
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token")!;
    expect(await json(await fetch(`${baseUrl}/api/v1/password-reset/${token}`))).toEqual({ valid: true });

    expect((await post("/api/auth/reset-password", "", { newPassword: "brand-new-1", token })).status).toBe(200);
    const signIn = await post("/api/auth/sign-in/email", "", { email: caller.email, password: "brand-new-1" });
    expect(signIn.status).toBe(200);
    expect(cookiesFrom(signIn)).toContain("session_token");
    // Used once: it is no longer valid.
    expect(await json(await fetch(`${baseUrl}/api/v1/password-reset/${token}`))).toEqual({ valid: false });
    expect((await post("/api/auth/reset-password", "", { newPassword: "another-2", token })).status).toBe(400);
  });

  it("gives the same answer for an unknown address and sends nothing; an expired link is invalid", async () => {
    smtp.clear();
    const res = await post("/api/auth/request-password-reset", "", { email: "nobody-here@example.test", redirectTo: "/reset-password" });
    expect(res.status).toBe(200);
    expect((await json(res)).status).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages()).toHaveLength(0);

    const caller = await t.newCaller();
    await post("/api/auth/request-password-reset", "", { email: caller.email, redirectTo: "/reset-password" });
    const mail = await smtp.waitForMail({ to: caller.email });
    const token = /reset-password\/([^?\s]+)/.exec(mail.text!)![1]!;
    await t.ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `reset-password:${token}`));
    expect(await json(await fetch(`${baseUrl}/api/v1/password-reset/${token}`))).toEqual({ valid: false });
    expect((await post("/api/auth/reset-password", "", { newPassword: "brand-new-1", token })).status).toBe(400);
  });
});

describe("self-hosting with BILLING=off", () => {
  it("says so in the site config and sells nothing", async () => {
    const off = await createTestApp({ billingEnabled: false });
    try {
      expect(await json(await off.app.request("/api/v1/site-config"))).toEqual({
        billing: false,
        payments: false,
        providers: { google: false, github: false },
      });
      const caller = await off.newCaller();
      const res = await off.app.request("/api/v1/payments", {
        method: "POST",
        headers: { cookie: caller.cookie, origin: "http://localhost:3000", "content-type": "application/json" },
        body: JSON.stringify({ amount: 500 }),
      });
      expect(res.status).toBe(403);
      expect((await json(res)).error.message).toBe("Billing is off on this server: nothing to buy.");
    } finally {
      await off.close();
    }
  });

  it("reports billing on and which providers are configured", async () => {
    expect(await json(await fetch(`${baseUrl}/api/v1/site-config`))).toEqual({
      billing: true,
      payments: true,
      providers: { google: false, github: false },
    });
  });
});
