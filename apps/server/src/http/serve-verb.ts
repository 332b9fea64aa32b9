import type { OperationResult } from "@errand/contract";
import type { CallerVerbArgs, ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import type { AppEnv } from "./authenticate.ts";

type RequestOf<O> = O extends { request: infer R } ? R : object;
type BodyOf<R> = R extends { body: { content: { "application/json": { schema: infer B extends z.ZodType } }; required: infer Required } }
  ? [Required] extends [false]
    ? z.output<B> | undefined
    : z.output<B>
  : undefined;

/** The parts of a request, as validated against its operation (what zod made of them). */
export interface ValidRequest<O> {
  param: RequestOf<O> extends { params: infer P extends z.ZodType } ? z.output<P> : undefined;
  query: RequestOf<O> extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  json: BodyOf<RequestOf<O>>;
}

/** What the verb must answer: the operation's success body (anything for a 204, which sends none). */
type Answer<O> = [OperationResult<O>] extends [undefined] ? unknown : OperationResult<O>;

/** An operation's one success status (200, 201 or 204), read from its responses. */
function successStatus(operation: RouteConfig): 200 | 201 | 204 {
  const status = Object.keys(operation.responses)
    .map(Number)
    .find((s) => s === 200 || s === 201 || s === 204);
  if (status === undefined) throw new Error(`${operation.path} has no 200, 201 or 204 answer`);
  return status as 200 | 201 | 204;
}

/**
 * The usual entry point, written once: `serve(operation, input, verb)` registers the operation;
 * its handler makes the verb's input from the validated request, calls the verb with the caller, and
 * answers the verb's result with the operation's success status (a 204 with no body) and the
 * headers given. Routes that answer more than JSON keep their own handler.
 */
export function verbServer(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  return <const O extends RouteConfig, I>(
    operation: O,
    input: (request: ValidRequest<O>) => I,
    verb: (args: CallerVerbArgs<I>) => Promise<Answer<O>>,
    headers?: Record<string, string>,
  ) => {
    const status = successStatus(operation);
    const route = createRoute(operation);
    // The body's type is the verb's, checked above against the operation's success answer.
    api.openapi(route, (async (c) => {
      const request = { param: c.req.valid("param" as never), query: c.req.valid("query" as never), json: c.req.valid("json" as never) };
      const result = await verb({ ctx, caller: c.get("caller"), input: input(request as ValidRequest<O>) });
      return status === 204 ? c.body(null, 204, headers) : c.json(result as object, status, headers);
    }) as Parameters<typeof api.openapi<typeof route>>[1]);
  };
}
