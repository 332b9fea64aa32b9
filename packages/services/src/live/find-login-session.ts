import type { StickyProxy } from "@errand/contract";
import type { ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { findLiveEndpoint } from "./live-endpoints.ts";
import type { SavedState } from "./live-types.ts";
import { callLiveOwner } from "./relay-calls.ts";
import { requireLive } from "./viewer-link.ts";

/** A user's login session, in this process or relayed to the one holding its browser (ADR 0013). */
export interface LoginSessionHandle {
  /** The saved login it logs in to again; unset for a new one. */
  authContextId?: string;
  proxy: StickyProxy | null;
  /** Its cookies and local storage, all sites. */
  state(): Promise<SavedState>;
  close(reason: "closed" | "saved"): Promise<void>;
}

/** The user's open login session, wherever it is; undefined when it is not open (or is another user's). */
export async function findLoginSession(ctx: ServiceContext, userId: string, sessionId: string): Promise<LoginSessionHandle | undefined> {
  const live = requireLive(ctx);
  const local = live.sessions.get(sessionId);
  if (local) {
    if (local.userId !== userId) return undefined;
    return {
      authContextId: local.authContextId,
      proxy: local.proxy,
      state: () => local.browser.state(),
      close: async (reason) => void (await live.sessions.close(sessionId, reason)),
    };
  }
  if (!live.relay) return undefined;
  const endpoint = await findLiveEndpoint(ctx.db, { kind: "session", id: sessionId, userId });
  const status = endpoint && (await callLiveOwner(ctx, endpoint, { kind: "session", id: sessionId, op: "session.status" }));
  if (!endpoint || !status || status.userId !== userId) return undefined;
  return {
    authContextId: status.authContextId ?? undefined,
    proxy: status.proxy,
    async state() {
      const answer = await callLiveOwner(ctx, endpoint, { kind: "session", id: sessionId, op: "session.state" });
      if (!answer) throw notFound("Browsing session");
      return answer.state;
    },
    async close(reason) {
      // Gone meanwhile (its process stopped): closed all the same.
      await callLiveOwner(ctx, endpoint, { kind: "session", id: sessionId, op: "session.close", reason });
    },
  };
}
