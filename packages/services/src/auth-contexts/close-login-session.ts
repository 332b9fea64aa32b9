import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { requireLive } from "../live/viewer-link.ts";

/** Closes one of the user's login sessions without saving it. Another user's is reported as missing. */
export async function closeLoginSession({ ctx, caller, input }: CallerVerbArgs<{ sessionId: string }>): Promise<void> {
  requireScope(caller, "write");
  const live = requireLive(ctx);
  const session = live.sessions.get(input.sessionId);
  if (!session || session.userId !== caller.userId) throw notFound("Browsing session");
  await live.sessions.close(input.sessionId, "closed");
}
