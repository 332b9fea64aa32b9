import type { VerbArgs } from "../context.ts";
import { notFound, unauthorized } from "../errors.ts";
import type { LiveTarget } from "./live-types.ts";
import { requireLive } from "./viewer-link.ts";
import { verifyViewerToken } from "./viewer-token.ts";

/**
 * What a viewer token opens, checked when its WebSocket connects: the token must be genuine and
 * unexpired, and its session or run must still be live and belong to the token's user.
 * `interactive` says whether this viewer starts able to act (a run's viewer only watches until
 * its owner takes control).
 */
export function connectViewer({ ctx, input }: VerbArgs<{ token: string }>): { live: LiveTarget; kind: "session" | "run"; id: string } {
  const live = requireLive(ctx);
  const grant = verifyViewerToken(live.tokenKey, input.token);
  if (!grant) throw unauthorized("This viewer link has expired or is not valid.");
  if (grant.kind === "session") {
    const session = live.sessions.get(grant.id);
    if (!session || session.userId !== grant.userId) throw notFound("Browsing session");
    return { live: session.browser.live, kind: "session", id: grant.id };
  }
  const run = live.runs.get(grant.id);
  if (!run || run.userId !== grant.userId) throw notFound("Running run");
  return { live: run.live, kind: "run", id: grant.id };
}
