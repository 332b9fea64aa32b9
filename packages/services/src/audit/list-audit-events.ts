import { AUDIT_PAGE_DEFAULT, auditEventQuerySchema, type AuditEvent, type AuditEventList } from "@errand/contract";
import { auditEvents } from "@errand/db";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { invalid } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { requireRole } from "../workspaces/roles.ts";

type Row = typeof auditEvents.$inferSelect;

/**
 * The caller's workspace's audit log, newest first, a page at a time (docs/adr/0038-audit-log.md).
 * Owners and admins only. The cursor is the last row's place in the order of writing, so rows
 * written meanwhile never shift a page.
 */
export async function listAuditEvents({ ctx, caller, input }: CallerVerbArgs<unknown>): Promise<AuditEventList> {
  requireRole(caller, "manage");
  const query = parseOrThrow(auditEventQuerySchema, input);
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const where: (SQL | undefined)[] = [eq(auditEvents.workspaceId, caller.workspaceId)];
  if (query.action) where.push(eq(auditEvents.action, query.action));
  if (query.actor) where.push(eq(auditEvents.actorUserId, query.actor));
  if (query.cursor) where.push(lt(auditEvents.seq, decodeCursor(query.cursor)));
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { audit_events: page.map(auditEventToApi), next_cursor: rows.length > limit && last ? encodeCursor(last) : null };
}

function encodeCursor(row: Row): string {
  return String(row.seq);
}

function decodeCursor(cursor: string): number {
  if (!/^\d{1,15}$/.test(cursor)) throw invalid([{ path: "cursor", message: "cursor must be a next_cursor from an earlier page" }]);
  return Number(cursor);
}

export function auditEventToApi(row: Row): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: { user_id: row.actorUserId, email: row.actorEmail, via: row.via, api_key_id: row.apiKeyId },
    ip: row.ip,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
  };
}
