import type { VerbArgs } from "../context.ts";
import { notFound, unauthorized } from "../errors.ts";
import { findLiveEndpoint } from "./live-endpoints.ts";
import type { LiveTarget } from "./live-types.ts";
import { internalCredential, INTERNAL_LIVE_SOCKET_PATH } from "./relay-calls.ts";
import { requireLive } from "./viewer-link.ts";
import { verifyViewerToken } from "./viewer-token.ts";

/** Where a viewer attaches: a browser of this process, or the socket of the process holding it (ADR 0013). */
export type ViewerTarget =
  | { kind: "session" | "run"; id: string; live: LiveTarget }
  | { kind: "session" | "run"; id: string; relay: { url: string; credential: string } };

/**
 * What a viewer token opens, checked when its WebSocket connects: the token must be genuine and
 * unexpired, and its session or run must still be live and belong to the token's user, here or
 * in the process whose internal endpoint is recorded for it.
 */
export async function connectViewer({ ctx, input }: VerbArgs<{ token: string }>): Promise<ViewerTarget> {
  const live = requireLive(ctx);
  const grant = verifyViewerToken(live.tokenKey, input.token);
  if (!grant) throw unauthorized("This viewer link has expired or is not valid.");
  const what = grant.kind === "session" ? "Browsing session" : "Running run";
  const local = grant.kind === "session" ? live.sessions.get(grant.id) : live.runs.get(grant.id);
  if (local) {
    if (local.userId !== grant.userId) throw notFound(what);
    return { kind: grant.kind, id: grant.id, live: "browser" in local ? local.browser.live : local.live };
  }
  const endpoint = live.relay && (await findLiveEndpoint(ctx.db, { kind: grant.kind, id: grant.id, userId: grant.userId }));
  if (!endpoint || !live.relay) throw notFound(what);
  const url = `${endpoint.address.replace(/^http/, "ws")}${INTERNAL_LIVE_SOCKET_PATH}?kind=${grant.kind}&id=${encodeURIComponent(grant.id)}`;
  return { kind: grant.kind, id: grant.id, relay: { url, credential: internalCredential(live.relay.key, grant) } };
}
