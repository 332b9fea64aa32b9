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
 * unexpired, and its session or run must still be live and belong to the token's owner (a
 * session's account, a run's workspace), here or in the process whose internal endpoint is
 * recorded for it (a run's workspace never changes, and the signed token names the run).
 */
export async function connectViewer({ ctx, input }: VerbArgs<{ token: string }>): Promise<ViewerTarget> {
  const live = requireLive(ctx);
  const grant = verifyViewerToken(live.tokenKey, input.token);
  if (!grant) throw unauthorized("This viewer link has expired or is not valid.");
  const what = grant.kind === "session" ? "Browsing session" : "Running run";
  const session = grant.kind === "session" ? live.sessions.get(grant.id) : undefined;
  const run = grant.kind === "run" ? live.runs.get(grant.id) : undefined;
  if (session || run) {
    if ((session ? session.userId : run!.workspaceId) !== grant.owner) throw notFound(what);
    return { kind: grant.kind, id: grant.id, live: session ? session.browser.live : run!.live };
  }
  const endpoint =
    live.relay &&
    (await findLiveEndpoint(
      ctx.db,
      grant.kind === "session" ? { kind: "session", id: grant.id, userId: grant.owner } : { kind: "run", id: grant.id },
    ));
  if (!endpoint || !live.relay) throw notFound(what);
  const url = `${endpoint.address.replace(/^http/, "ws")}${INTERNAL_LIVE_SOCKET_PATH}?kind=${grant.kind}&id=${encodeURIComponent(grant.id)}`;
  return { kind: grant.kind, id: grant.id, relay: { url, credential: internalCredential(live.relay.key, grant) } };
}
