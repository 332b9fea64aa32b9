import type { OperationResult } from "@errand/contract";
import type { CallerVerbArgs, ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import type { ValidRequest } from "../serve-verb.ts";
import { csvDownload } from "./csv-download.ts";

interface JsonOrCsvVerbs<O, I> {
  /** The operation's JSON answer. */
  json: (args: CallerVerbArgs<I>) => Promise<OperationResult<O>>;
  /** The same figures as a CSV file (`?format=csv`). */
  csv: (args: CallerVerbArgs<I>) => Promise<{ filename: string; csv: string }>;
}

/**
 * An operation with `?format=json|csv` (usage, a batch's results, an evaluation's report),
 * written once: the input made from the validated request goes to the JSON verb, or with
 * format=csv to the CSV verb, whose file is answered as a download.
 */
export function serveJsonOrCsv<const O extends RouteConfig, I>(
  api: OpenAPIHono<AppEnv>,
  ctx: ServiceContext,
  operation: O,
  input: (request: ValidRequest<O>) => I,
  verbs: JsonOrCsvVerbs<O, I>,
) {
  const route = createRoute(operation);
  // The JSON body's type is the verb's, checked above against the operation's success answer.
  api.openapi(route, (async (c) => {
    const request = { param: c.req.valid("param" as never), query: c.req.valid("query" as never), json: undefined };
    const args = { ctx, caller: c.get("caller"), input: input(request as ValidRequest<O>) };
    const format = (request.query as { format?: string } | undefined)?.format;
    return format === "csv" ? csvDownload(c, await verbs.csv(args)) : c.json((await verbs.json(args)) as object, 200);
  }) as Parameters<typeof api.openapi<typeof route>>[1]);
}
