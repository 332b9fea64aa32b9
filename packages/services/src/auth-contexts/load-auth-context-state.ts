import { authContexts } from "@errand/db";
import { recordRunUse } from "../audit/record-run-use.ts";
import type { VerbArgs } from "../context.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import type { SavedState } from "../live/live-types.ts";
import { callersAuthContext } from "./own-auth-context.ts";

/**
 * The saved browser state a run starts with (for the worker only: it never leaves the server).
 * Null when the context was deleted, belongs to another workspace, or holds no state. It acts for
 * the run, not for a caller, so it takes the run's workspace; given the run, the use is an audit
 * event (docs/adr/0038-audit-log.md).
 */
export async function loadAuthContextState({
  ctx,
  input,
}: VerbArgs<{ workspaceId: string; authContextId: string; runId?: string }>): Promise<{ urls: string[]; state: SavedState } | null> {
  const [row] = await ctx.db
    .select({ name: authContexts.name, urls: authContexts.urls, sealed: authContexts.encryptedState })
    .from(authContexts)
    .where(callersAuthContext(input, input.authContextId));
  if (!row?.sealed) return null;
  if (input.runId) {
    await recordRunUse(ctx, input.runId, [
      { action: "saved_login.used", target: { type: "saved_login", id: input.authContextId, label: row.name } },
    ]);
  }
  return { urls: row.urls, state: JSON.parse(openSecret(ctx, row.sealed)) as SavedState };
}
