import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { runToApi } from "../runs/to-api.ts";
import { getWebhookSecret } from "./get-webhook-secret.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.ts";

/** The request to send for a finished run's webhook, or null when the run has no webhook URL. */
export async function prepareWebhook({ ctx, input }: VerbArgs<{ runId: string }>) {
  const [run] = await ctx.db.select().from(tasksRuns).where(eq(tasksRuns.id, input.runId));
  if (!run?.webhookUrl) return null;
  const body = JSON.stringify({ event: "run.finished", run: runToApi(run) });
  const secret = await getWebhookSecret({ ctx, input: { userId: run.userId } });
  return {
    url: run.webhookUrl,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "Errand-Webhooks/1.0",
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
      "errand-run-id": run.id,
    },
  };
}
