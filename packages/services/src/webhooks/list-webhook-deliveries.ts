import { tasksRuns, webhookAttempts, webhookDeliveries } from "@errand/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { deliveryToApi } from "./delivery-to-api.ts";

/** A run's webhook deliveries, newest first, each with every attempt. Another user's run is "not found". */
export async function listWebhookDeliveries({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>) {
  requireScope(caller, "read");
  const [run] = await ctx.db
    .select({ id: tasksRuns.id })
    .from(tasksRuns)
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.userId, caller.userId)));
  if (!run) throw notFound("Run");
  const deliveries = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.runId, run.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  const attempts = deliveries.length
    ? await ctx.db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveries.map((d) => d.id)))
        .orderBy(asc(webhookAttempts.attempt))
    : [];
  return { deliveries: deliveries.map((d) => deliveryToApi(d, attempts.filter((a) => a.deliveryId === d.id))) };
}
