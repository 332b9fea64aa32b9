import { accountOperations } from "@errand/contract";
import { getUsage, getUsageCsv } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { serveJsonOrCsv } from "../files/serve-json-or-csv.ts";

/** GET /usage: JSON, or with format=csv a file to download (docs/adr/0039-usage-by-member-key-and-tag.md). */
export function registerUsageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  serveJsonOrCsv(api, ctx, accountOperations.getUsage, ({ query }) => query, { json: getUsage, csv: getUsageCsv });
}
