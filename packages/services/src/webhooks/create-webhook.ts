import { randomBytes } from "node:crypto";
import { MAX_WEBHOOKS_PER_ACCOUNT, type CreatedWebhook, type CreateWebhook } from "@errand/contract";
import { webhooks } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { countInTurn } from "../count-in-turn.ts";
import { conflict } from "../errors.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import { assertPublicAddresses } from "../network/assert-public-addresses.ts";
import { webhookToApi } from "./webhook-to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Subscribes a URL to the end of the caller's runs. The webhook gets its own signing secret,
 * returned only here (a REST-hook client stores it to verify deliveries) and sealed at rest.
 */
export async function createWebhook({ ctx, caller, input }: CallerVerbArgs<CreateWebhook>): Promise<CreatedWebhook> {
  requireRole(caller, "manage");
  await assertPublicAddresses(ctx, [{ path: "url", url: input.url }]);
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const row = await ctx.db.transaction(async (tx) => {
    if ((await countInTurn(tx, webhooks, caller.workspaceId)) >= MAX_WEBHOOKS_PER_ACCOUNT) {
      throw conflict(`An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks: delete one you no longer use first.`);
    }
    const [created] = await tx
      .insert(webhooks)
      .values({
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        url: input.url,
        events: input.events,
        description: input.description ? input.description : null,
        secretCiphertext: sealSecret(ctx, secret),
      })
      .returning();
    return created!;
  });
  ctx.log.info("webhook created", {
    userId: caller.userId,
    webhookId: row.id,
    endpoint: new URL(row.url).origin,
    events: row.events.join(","),
  });
  return { ...webhookToApi(row), secret };
}
