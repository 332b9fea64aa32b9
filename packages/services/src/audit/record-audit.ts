import type { AuditAction, AuditTargetType, AuditVia } from "@errand/contract";
import { auditEvents, users, type Db } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { Caller } from "../caller.ts";

/**
 * Who did it: a caller, or the worker acting for a run's creator (`via: "run"`, no address; no
 * account once that creator's was deleted: docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export type AuditActor = Pick<Caller, "workspaceId" | "apiKeyId" | "ip"> & { userId: string | null; via: AuditVia };

/** One event: what happened, to what, and details that are never a secret (names, roles, amounts). */
export interface AuditEventInput {
  action: AuditAction;
  target: { type: AuditTargetType; id?: string | null; label?: string | null };
  details?: Record<string, unknown>;
  /** Another workspace than the actor's (an invitation accepted from the person's personal workspace). */
  workspaceId?: string;
}

/**
 * Writes one audit event (docs/adr/0038-audit-log.md). Pass the transaction of the change it
 * records, so the event exists exactly when the change does. The actor's e-mail is copied from
 * their account in the same statement.
 */
export async function recordAudit(db: Pick<Db, "insert">, actor: AuditActor, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    workspaceId: event.workspaceId ?? actor.workspaceId,
    actorUserId: actor.userId,
    actorEmail: actor.userId === null ? null : sql`(${emailOf(actor.userId)})`,
    via: actor.via,
    apiKeyId: actor.apiKeyId ?? null,
    ip: actor.ip ?? null,
    action: event.action,
    targetType: event.target.type,
    targetId: event.target.id ?? null,
    targetLabel: event.target.label ?? null,
    details: event.details ?? {},
  });
}

/** The account's e-mail, as a subquery of the insert. */
function emailOf(userId: string) {
  return sql`select ${users.email} from ${users} where ${eq(users.id, userId)}`;
}
