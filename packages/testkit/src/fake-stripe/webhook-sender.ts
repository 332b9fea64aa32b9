import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The `Stripe-Signature` header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed with the whole `whsec_...` string (Stripe does not decode it).
 */
export function signWebhookPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/**
 * POSTs a signed event body like Stripe's webhook sender and resolves with the response status,
 * or 0 when the receiver could not be reached or took longer than 10 s. Never rejects.
 * Uses its own connection (no keep-alive pool), so nothing stays open after the delivery.
 */
export function deliverWebhook(url: string, body: string, secret: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(0);
    const target = new URL(url);
    const request = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = request(
      target,
      {
        method: "POST",
        agent: false,
        signal,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signWebhookPayload(body, secret),
          connection: "close",
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.once("end", () => resolve(status));
        res.once("error", () => resolve(status));
        res.once("close", () => resolve(status));
      },
    );
    // The socket's idle timer dies with the socket, so no timer outlives the delivery.
    req.setTimeout(DELIVERY_TIMEOUT_MS, () => req.destroy(new Error("webhook delivery timed out")));
    req.once("error", () => resolve(0));
    req.end(body);
  });
}
