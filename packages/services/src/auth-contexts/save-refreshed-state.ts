import { authContexts } from "@errand/db";
import type { VerbArgs } from "../context.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import type { SavedState } from "../live/live-types.ts";
import { callersAuthContext } from "./own-auth-context.ts";
import { refreshedState } from "./storage-state.ts";

/**
 * After a run, keeps the login alive: when the site refreshed or replaced its cookies (or local
 * storage) during the run, the saved state becomes the new one. Returns whether it was written.
 * The worker calls it for the run (no caller), so it takes the run's workspace.
 */
export async function saveRefreshedState({
  ctx,
  input,
}: VerbArgs<{ workspaceId: string; authContextId: string; urls: string[]; saved: SavedState; current: SavedState }>): Promise<boolean> {
  const next = refreshedState(input.saved, input.current, input.urls);
  if (!next) return false;
  const updated = await ctx.db
    .update(authContexts)
    .set({ encryptedState: sealSecret(ctx, JSON.stringify(next)), updatedAt: new Date() })
    .where(callersAuthContext(input, input.authContextId))
    .returning({ id: authContexts.id });
  return updated.length > 0;
}
