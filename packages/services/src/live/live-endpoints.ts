import { liveEndpoints, type Db } from "@errand/db";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { LiveKind } from "./internal-credential.ts";

/** A live browser another process holds: where to relay to. */
export interface LiveEndpoint {
  kind: LiveKind;
  id: string;
  address: string;
}

/** Records (or moves) a target to `address`; expired rows left by killed processes are dropped on the way. */
export async function recordLiveEndpoint(
  db: Db,
  row: { kind: LiveKind; id: string; userId: string | null; address: string; expiresAt: Date },
): Promise<void> {
  await db.delete(liveEndpoints).where(lt(liveEndpoints.expiresAt, new Date()));
  const values = {
    kind: row.kind,
    targetId: row.id,
    userId: row.userId,
    address: row.address,
    expiresAt: row.expiresAt,
    updatedAt: new Date(),
  };
  await db
    .insert(liveEndpoints)
    .values(values)
    .onConflictDoUpdate({
      target: [liveEndpoints.kind, liveEndpoints.targetId],
      set: { userId: values.userId, address: values.address, expiresAt: values.expiresAt, updatedAt: sql`now()` },
    });
}

/** Removes a target's row if it still names `address` (another process may have taken the id since). */
export async function removeLiveEndpoint(db: Db, target: { kind: LiveKind; id: string; address: string }): Promise<void> {
  await db
    .delete(liveEndpoints)
    .where(and(eq(liveEndpoints.kind, target.kind), eq(liveEndpoints.targetId, target.id), eq(liveEndpoints.address, target.address)));
}

/** Removes every row of one process (it is stopping). */
export async function removeLiveEndpointsAt(db: Db, address: string): Promise<void> {
  await db.delete(liveEndpoints).where(eq(liveEndpoints.address, address));
}

/**
 * Where a run or login session is live, if a process has said so and the row has not expired.
 * `userId`: only that account's (a login session's); a run's access is its workspace's, checked
 * on the run itself.
 */
export async function findLiveEndpoint(db: Db, target: { kind: LiveKind; id: string; userId?: string }): Promise<LiveEndpoint | undefined> {
  if (!UUID.test(target.id)) return undefined;
  const [row] = await db
    .select({ address: liveEndpoints.address })
    .from(liveEndpoints)
    .where(
      and(
        eq(liveEndpoints.kind, target.kind),
        eq(liveEndpoints.targetId, target.id),
        target.userId === undefined ? undefined : eq(liveEndpoints.userId, target.userId),
        gt(liveEndpoints.expiresAt, new Date()),
      ),
    );
  return row ? { kind: target.kind, id: target.id, address: row.address } : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
