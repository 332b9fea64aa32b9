import { auditOperations } from "@errand/contract";
import type { ServiceContext } from "@errand/services";
import { listAuditEvents } from "@errand/services/audit";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** The workspace's audit log, for its owners and admins (docs/adr/0038-audit-log.md). */
export function registerAuditRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(auditOperations.listAuditEvents, ({ query }) => query, listAuditEvents);
}
