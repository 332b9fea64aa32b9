import { auditEventListSchema, auditEventQuerySchema } from "../audit-events.ts";
import { apiErrorSchema } from "../errors.ts";
import { area, jsonContent, ok } from "./describe.ts";

const audit = area(["Audit log"]);

export const auditOperations = {
  listAuditEvents: audit("listAuditEvents", {
    summary: "The workspace's audit log: security-relevant events, newest first",
    description:
      "Members invited, joined, removed and role changes; API keys created and revoked; credits bought; limits changed; saved logins and credentials created, used and deleted. Each says who, when and from which address, and never holds a secret. Page with `cursor`; filter by `action` and `actor`. Owners and admins only.",
    request: { query: auditEventQuerySchema },
    responses: ok(auditEventListSchema, "The events", {
      403: jsonContent(apiErrorSchema, "Not an owner or admin of the workspace, or a key without the manage scope"),
    }),
  }),
};
