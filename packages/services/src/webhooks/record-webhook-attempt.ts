import { webhookDeliveries } from "@errand/db";
import type { VerbArgs } from "../context.ts";

/** Every delivery attempt is kept: status code or error, and how long it took. */
export async function recordWebhookAttempt({
  ctx,
  input,
}: VerbArgs<{ runId: string; attempt: number; url: string; statusCode: number | null; error: string | null; durationMs: number }>) {
  await ctx.db.insert(webhookDeliveries).values({ ...input, durationMs: Math.round(input.durationMs) });
  const outcome = input.error ?? `HTTP ${input.statusCode}`;
  ctx.log.info("webhook attempt", { runId: input.runId, attempt: input.attempt, outcome });
}
