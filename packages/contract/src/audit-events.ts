import { z } from "zod";

/**
 * Resource: the audit log (docs/adr/0038-audit-log.md). Security-relevant events of a workspace,
 * each with who, when and from which address; owners and admins read it. No event ever holds a
 * secret: details carry names, roles and amounts only.
 */
export const AUDIT_ACTIONS = [
  "member.invited",
  "member.joined",
  "member.removed",
  "member.role_changed",
  "invitation.revoked",
  "api_key.created",
  "api_key.revoked",
  "credits.bought",
  "limits.changed",
  "saved_login.created",
  "saved_login.used",
  "saved_login.deleted",
  "credential.created",
  "credential.used",
  "credential.deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each action is called where a person reads the log. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  "member.invited": "Member invited",
  "member.joined": "Member joined",
  "member.removed": "Member removed",
  "member.role_changed": "Role changed",
  "invitation.revoked": "Invitation revoked",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "credits.bought": "Credits bought",
  "limits.changed": "Limits changed",
  "saved_login.created": "Saved login created",
  "saved_login.used": "Saved login used",
  "saved_login.deleted": "Saved login deleted",
  "credential.created": "Credential created",
  "credential.used": "Credential used",
  "credential.deleted": "Credential deleted",
};

export const AUDIT_TARGET_TYPES = ["member", "invitation", "api_key", "payment", "workspace", "saved_login", "credential"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** How the actor came in: the web app, an API key, the CLI, the worker acting for a run, or a payment the provider confirmed. */
export const AUDIT_VIA = ["session", "api-key", "local", "run", "payment"] as const;
export type AuditVia = (typeof AUDIT_VIA)[number];

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

export const auditEventSchema = z.object({
  id: z.uuid(),
  at: z.string().meta({ description: "When it happened (ISO 8601)" }),
  action: z.enum(AUDIT_ACTIONS),
  actor: z
    .object({
      user_id: z.string().nullable().meta({ description: "Null once the account is deleted" }),
      email: z.string().nullable().meta({ description: "The actor's e-mail when it happened" }),
      via: z.enum(AUDIT_VIA),
      api_key_id: z.string().nullable().meta({ description: "The named API key used, if any" }),
    })
    .meta({ description: "Who did it and how they came in" }),
  ip: z.string().nullable().meta({ description: "The request's address; null for the worker" }),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: z.string().nullable(),
    label: z.string().nullable().meta({ description: "A short name: the invited e-mail, the key's name…" }),
  }),
  details: z.record(z.string(), z.unknown()).meta({ description: "More about the event (roles, amounts, the run); never a secret" }),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListSchema = z.object({
  audit_events: z.array(auditEventSchema).meta({ description: "Newest first" }),
  next_cursor: z.string().nullable().meta({ description: "Send as `cursor` for the next page; null on the last page" }),
});
export type AuditEventList = z.infer<typeof auditEventListSchema>;

/** GET /audit-events. */
export const auditEventQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: "action must be one of the audit actions" }).optional().meta({ description: "Only this action" }),
  actor: z.string({ error: "actor must be a user id" }).min(1).max(200).optional().meta({ description: "Only events by this user id" }),
  cursor: z
    .string({ error: "cursor must be a next_cursor from an earlier page" })
    .max(200)
    .optional()
    .meta({ description: "The next_cursor of the previous page" }),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`)
    .optional()
    .meta({ description: `How many events (default ${AUDIT_PAGE_DEFAULT})` }),
});
export type AuditEventQuery = z.output<typeof auditEventQuerySchema>;
