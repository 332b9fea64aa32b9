import { accountOperations } from "@errand/contract";
import { getUsage, getUsageCsv } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { csvDownload } from "../files/csv-download.ts";

const usage = createRoute(accountOperations.getUsage);

/** GET /usage: JSON, or with format=csv a file to download (docs/adr/0039-usage-by-member-key-and-tag.md). */
export function registerUsageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(usage, async (c) => {
    const args = { ctx, caller: c.get("caller"), input: c.req.valid("query") };
    return args.input.format === "csv" ? csvDownload(c, await getUsageCsv(args)) : c.json(await getUsage(args), 200);
  });
}
