import type { AuthSession } from "@errand/contract";
import type { VerbArgs } from "../context.ts";
import { requireLive, viewerLink } from "../live/viewer-link.ts";

/** Opens a live browser on the site to log in to, and the viewer link that shows it. */
export async function openLoginSession({ ctx, input }: VerbArgs<{ userId: string; urls: string[] }>): Promise<AuthSession> {
  const session = await requireLive(ctx).sessions.open(input.userId, input.urls);
  ctx.log.info("login session opened", { sessionId: session.id, userId: input.userId });
  return { id: session.id, ...viewerLink(ctx, { kind: "session", id: session.id, userId: input.userId }) };
}
