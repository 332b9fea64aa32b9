export { recordAudit, type AuditActor, type AuditEventInput } from "./record-audit.ts";
export { listAuditEvents } from "./list-audit-events.ts";
export { recordCreditsBought } from "./record-credits-bought.ts";
export { recordRunUse } from "./record-run-use.ts";
