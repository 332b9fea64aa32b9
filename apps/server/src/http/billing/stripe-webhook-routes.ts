import { handleStripeWebhook } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import { Hono } from "hono";

/**
 * POST /api/stripe/webhook: Stripe signs the raw body, so it is read as text and handed over
 * untouched. 400 for a bad signature (nothing changes); 200 for every verified event.
 */
export function stripeWebhookRoutes(ctx: ServiceContext) {
  const app = new Hono();
  app.post("/webhook", async (c) => {
    const outcome = await handleStripeWebhook({ ctx, input: { rawBody: await c.req.text(), signature: c.req.header("stripe-signature") } });
    return c.json({ received: true, outcome }, 200);
  });
  return app;
}
