import type { AddressInfo } from "node:net";
import { createStripeClient } from "@errand/services/billing";
import { serve } from "@hono/node-server";
import { startFakeStripe } from "@errand/testkit";
import { createTestApp, type TestAppOptions } from "./test-app.ts";

/**
 * The app paid through the fake Stripe, served over HTTP on a loopback port because the fake
 * delivers its webhooks to it, as Stripe does: `app`, `stripe`, the app's `baseUrl`, and `close`
 * (the server, the app, then the fake). `parts` adds to the context (a mailer).
 */
export async function serveAppWithStripe(parts: TestAppOptions["parts"] = {}) {
  const stripe = await startFakeStripe();
  // The server is up first (it answers no request before the app exists): the app's base URL is its address.
  const server = serve({ fetch: (req) => app.app.fetch(req), port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = await createTestApp({
    baseUrl,
    parts: {
      stripe: { client: createStripeClient({ secretKey: stripe.secretKey, apiUrl: stripe.url }), webhookSecret: stripe.webhookSecret },
      ...parts,
    },
  });
  stripe.setWebhookUrl(`${baseUrl}/api/stripe/webhook`);
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    await stripe.close();
  };
  return { app, stripe, baseUrl, close };
}
