import { ERROR_CODES, type ErrorCode, type RunController, type StickyProxy } from "@errand/contract";
import { z } from "zod";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { signInternalCredential, type LiveKind } from "./internal-credential.ts";
import { removeLiveEndpoint, type LiveEndpoint } from "./live-endpoints.ts";
import type { LiveTarget, SavedState } from "./live-types.ts";

/** The internal endpoint's paths (ADR 0013): one for calls, one for the viewer socket. */
export const INTERNAL_LIVE_CALL_PATH = "/internal/live/call";
export const INTERNAL_LIVE_SOCKET_PATH = "/internal/live/socket";

/** What another process may ask of a browser this one holds. The API process has checked the caller. */
export const liveCallSchema = z.discriminatedUnion("op", [
  z.object({ kind: z.literal("run"), id: z.string().max(64), op: z.literal("run.status") }),
  z.object({ kind: z.literal("run"), id: z.string().max(64), op: z.literal("run.control"), controller: z.enum(["agent", "person"]) }),
  z.object({ kind: z.literal("session"), id: z.string().max(64), op: z.literal("session.status") }),
  z.object({ kind: z.literal("session"), id: z.string().max(64), op: z.literal("session.state") }),
  z.object({
    kind: z.literal("session"),
    id: z.string().max(64),
    op: z.literal("session.close"),
    reason: z.enum(["closed", "saved"]),
  }),
]);
export type LiveCall = z.infer<typeof liveCallSchema>;

export interface LiveCallAnswers {
  "run.status": { workspaceId: string; controller: RunController };
  "run.control": { controller: RunController };
  "session.status": { userId: string; authContextId: string | null; proxy: StickyProxy | null };
  "session.state": { state: SavedState };
  "session.close": { closed: boolean };
}

/**
 * The owning process's side: answers a call about one of its browsers, or undefined when it does
 * not hold it (ended, or the row that led here is stale).
 */
export async function answerLiveCall(ctx: ServiceContext, call: LiveCall): Promise<LiveCallAnswers[LiveCall["op"]] | undefined> {
  const live = ctx.live;
  if (!live) return undefined;
  if (call.kind === "run") {
    const run = live.runs.get(call.id);
    if (!run) return undefined;
    if (call.op === "run.control") {
      run.setController(call.controller);
      ctx.log.info(
        call.controller === "person" ? "a person took control of a run (relayed)" : "control handed back to the agent (relayed)",
        { runId: call.id },
      );
    }
    return call.op === "run.status" ? { workspaceId: run.workspaceId, controller: run.controller() } : { controller: run.controller() };
  }
  const session = live.sessions.get(call.id);
  if (!session) return undefined;
  if (call.op === "session.status") return { userId: session.userId, authContextId: session.authContextId ?? null, proxy: session.proxy };
  if (call.op === "session.state") return { state: await session.browser.state() };
  return { closed: await live.sessions.close(call.id, call.reason) };
}

const CALL_TIMEOUT_MS = 10_000;
const GONE_CODES = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENOTFOUND", "ECONNRESET"]);

/**
 * The API process's side: asks the process holding a browser. Undefined when it no longer holds
 * it or cannot be reached (killed, stopped): the stale row is removed and the caller answers as
 * for "no live browser". An error the owner reports (a failed save) comes back as it was.
 */
export async function callLiveOwner<C extends LiveCall>(
  ctx: ServiceContext,
  endpoint: LiveEndpoint,
  call: C,
): Promise<LiveCallAnswers[C["op"]] | undefined> {
  const key = ctx.live?.relay?.key;
  if (!key) return undefined;
  let res: Response;
  try {
    res = await fetch(`${endpoint.address}${INTERNAL_LIVE_CALL_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${internalCredential(key, endpoint)}` },
      body: JSON.stringify(call),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    ctx.log.warn("the process holding a live browser did not answer", {
      kind: endpoint.kind,
      id: endpoint.id,
      address: endpoint.address,
      error: error as Error,
    });
    // Nothing listens there any more: the row is stale. A slow answer (timeout) keeps it.
    if (GONE_CODES.has((error as { cause?: { code?: string } }).cause?.code ?? "")) await forgetEndpoint(ctx, endpoint);
    return undefined;
  }
  if (res.status === 404) {
    await res.body?.cancel();
    await forgetEndpoint(ctx, endpoint);
    return undefined;
  }
  if (res.status === 401) {
    await res.body?.cancel();
    ctx.log.error("another Errand process refused this one's internal live credential: do all processes share AUTH_SECRET?", {
      address: endpoint.address,
    });
    throw new ServiceError("unavailable", "The process holding this live browser cannot be reached from this server.");
  }
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  if (!res.ok) {
    // Said by our own process: its code and message are already fit for the person.
    const code = ERROR_CODES.includes(body.code as ErrorCode) ? (body.code as ErrorCode) : "unavailable";
    throw new ServiceError(code, body.message ?? "The live browser's process could not do this.");
  }
  return body as LiveCallAnswers[C["op"]];
}

export function internalCredential(key: Buffer, target: { kind: LiveKind; id: string }): string {
  return signInternalCredential(key, target);
}

async function forgetEndpoint(ctx: ServiceContext, endpoint: LiveEndpoint) {
  await removeLiveEndpoint(ctx.db, endpoint).catch(() => undefined);
}

/** The browser this process holds for a relayed viewer socket, if any. */
export function heldLiveTarget(ctx: ServiceContext, target: { kind: LiveKind; id: string }): LiveTarget | undefined {
  if (target.kind === "run") return ctx.live?.runs.get(target.id)?.live;
  return ctx.live?.sessions.get(target.id)?.browser.live;
}
