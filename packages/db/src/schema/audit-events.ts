import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, AUDIT_VIA } from "@errand/contract";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { randomId } from "./columns.ts";
import { workspaceId } from "./owner-column.ts";

/**
 * The audit log (docs/adr/0038-audit-log.md): one row per security-relevant event, written in the
 * transaction of the change it records. The actor's e-mail is copied, so the row still says who
 * once the account is gone. Never a secret in any column.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: randomId(),
    workspaceId: workspaceId(),
    /** Order of writing: the list's order and cursor (two events can share a millisecond, never a number). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    via: text("via", { enum: AUDIT_VIA }).notNull(),
    /** The named API key the actor used; not a foreign key, so the row outlives the key. */
    apiKeyId: text("api_key_id"),
    ip: text("ip"),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_events_workspace_seq_idx").on(t.workspaceId, t.seq.desc()), index("audit_events_actor_idx").on(t.actorUserId)],
);
