import { tasksRuns, webhookDeliveries } from "@errand/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownRun } from "../runs/own-run.ts";
import { deliveriesWithAttempts } from "./delivery-to-api.ts";

/**
 * A run's deliveries to its own webhook URL, newest first, each with every attempt (its
 * deliveries to account webhooks are listed by webhook). Another user's run is "not found".
 */
export async function listWebhookDeliveries({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>) {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id });
  const deliveries = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.runId, run.id), isNull(webhookDeliveries.webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return { deliveries: await deliveriesWithAttempts(ctx.db, deliveries) };
}
