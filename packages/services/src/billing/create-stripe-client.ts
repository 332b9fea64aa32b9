import Stripe from "stripe";

/** The Stripe SDK, pointed at api.stripe.com or at STRIPE_API_URL (a test double or proxy). */
export function createStripeClient(options: { secretKey: string; apiUrl?: string }): Stripe {
  if (!options.apiUrl) return new Stripe(options.secretKey, { maxNetworkRetries: 2 });
  const url = new URL(options.apiUrl);
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 2,
  });
}
