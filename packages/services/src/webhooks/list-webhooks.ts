import { webhooks } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { webhookToApi } from "./webhook-to-api.ts";

/** The caller's webhooks, newest first, without their secrets. */
export async function listWebhooks({ ctx, caller }: CallerVerbArgs<Record<string, never>>) {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.workspaceId, caller.workspaceId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return { webhooks: rows.map(webhookToApi) };
}
