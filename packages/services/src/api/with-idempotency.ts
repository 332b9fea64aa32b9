import { createHash } from "node:crypto";
import { idempotencyKeys } from "@errand/db";
import { and, eq, lt } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict, invalid, ServiceError } from "../errors.ts";

const TTL_MS = 24 * 3600_000;

export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * Runs `handle` once per (workspace, person, Idempotency-Key): a retry with the same key and
 * body gets the first response again instead of creating a second run. The same key with another
 * body is refused; a failure frees the key so the client can retry. Two members (or one person in
 * two workspaces) using the same key are two different requests
 * (docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export async function withIdempotency(
  { ctx, caller, input }: CallerVerbArgs<{ key: string; request: unknown }>,
  handle: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  if (!/^[\x21-\x7e]{1,255}$/.test(input.key)) {
    throw invalid([{ path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters" }]);
  }
  const requestHash = createHash("sha256")
    .update(JSON.stringify(input.request ?? null))
    .digest("hex");
  const where = and(
    eq(idempotencyKeys.workspaceId, caller.workspaceId),
    eq(idempotencyKeys.userId, caller.userId),
    eq(idempotencyKeys.key, input.key),
  );
  await ctx.db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, new Date(Date.now() - TTL_MS))));
  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values({ workspaceId: caller.workspaceId, userId: caller.userId, key: input.key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [existing] = await ctx.db.select().from(idempotencyKeys).where(where);
    if (!existing) throw conflict("This Idempotency-Key is being reused at this very moment; retry shortly.");
    if (existing.requestHash !== requestHash) {
      throw new ServiceError("validation_error", "This Idempotency-Key was already used with a different request body.", [
        { path: "Idempotency-Key", message: "already used with a different request body" },
      ]);
    }
    if (existing.responseStatus === null) throw conflict("A request with this Idempotency-Key is still being handled.");
    return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
  }

  try {
    const response = await handle();
    await ctx.db.update(idempotencyKeys).set({ responseStatus: response.status, responseBody: response.body }).where(where);
    return { ...response, replayed: false };
  } catch (error) {
    await ctx.db.delete(idempotencyKeys).where(where);
    throw error;
  }
}
