import { AUDIT_ACTION_LABELS, type AuditEvent } from "@errand/contract";

/** Who did it, as a person reads it: their e-mail, and how they came in when it was not the web app. */
export function actorText(event: AuditEvent): string {
  const who = event.actor.email ?? "A deleted account";
  if (event.actor.via === "api-key") return `${who} (API key)`;
  if (event.actor.via === "run") return `${who} (a run)`;
  if (event.actor.via === "payment") return `${who} (payment)`;
  if (event.actor.via === "local") return `${who} (CLI)`;
  return who;
}

/** What happened, e.g. "Member invited: ana@example.com". */
export function eventText(event: AuditEvent): string {
  const label = AUDIT_ACTION_LABELS[event.action];
  return event.target.label ? `${label}: ${event.target.label}` : label;
}
