import type { CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { findLoginSession } from "../live/find-login-session.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Closes one of the user's login sessions without saving it, in whichever process holds it. Another user's is reported as missing. */
export async function closeLoginSession({ ctx, caller, input }: CallerVerbArgs<{ sessionId: string }>): Promise<void> {
  requireRole(caller, "run");
  const session = await findLoginSession(ctx, caller.userId, input.sessionId);
  if (!session) throw notFound("Browsing session");
  await session.close("closed");
}
