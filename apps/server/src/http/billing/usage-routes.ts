import { accountOperations } from "@errand/contract";
import { getUsage, getUsageCsv } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { attachmentDisposition } from "../files/content-disposition.ts";

const usage = createRoute(accountOperations.getUsage);

/** GET /usage: JSON, or with format=csv a file to download (docs/adr/0039-usage-by-member-key-and-tag.md). */
export function registerUsageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(usage, async (c) => {
    const query = c.req.valid("query");
    const caller = c.get("caller");
    if (query.format === "csv") {
      const file = await getUsageCsv({ ctx, caller, input: query });
      return c.body(file.csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": attachmentDisposition(file.filename),
        "x-content-type-options": "nosniff",
      });
    }
    return c.json(await getUsage({ ctx, caller, input: query }), 200);
  });
}
