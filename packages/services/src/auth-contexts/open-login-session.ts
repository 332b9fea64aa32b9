import type { AuthSession } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { requireLive, viewerLink } from "../live/viewer-link.ts";

/** Opens a live browser on the site to log in to, and the viewer link that shows it. */
export async function openLoginSession({ ctx, caller, input }: CallerVerbArgs<{ urls: string[] }>): Promise<AuthSession> {
  requireScope(caller, "write");
  const session = await requireLive(ctx).sessions.open(caller.userId, input.urls);
  ctx.log.info("login session opened", { sessionId: session.id, userId: caller.userId });
  return { id: session.id, ...viewerLink(ctx, { kind: "session", id: session.id, userId: caller.userId }) };
}
