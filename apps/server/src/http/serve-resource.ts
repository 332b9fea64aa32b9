import type { OperationResult } from "@errand/contract";
import type { CallerVerbArgs } from "@errand/services";
import type { RouteConfig } from "@hono/zod-openapi";
import type { ValidRequest, verbServer } from "./serve-verb.ts";

/** The input each of a resource's usual operations gives its verb, by the operation's name. */
type InputOf<Id, O> = Id extends `list${string}`
  ? Record<string, never>
  : Id extends `create${string}`
    ? ValidRequest<O>["json"]
    : Id extends `update${string}`
      ? { id: string; changes: ValidRequest<O>["json"] }
      : { id: string };

/** What a verb must answer: the operation's success body (anything for a 204, which sends none). */
type Answer<O> = [OperationResult<O>] extends [undefined] ? unknown : OperationResult<O>;

/** A verb for each operation, under the operation's own name. */
type ResourceVerbs<Ops> = { [Id in keyof Ops]: (args: CallerVerbArgs<InputOf<Id, Ops[Id]>>) => Promise<Answer<Ops[Id]>> };

/** What the usual operations' handlers read of the validated request. */
interface UsualRequest {
  param: { id: string };
  json: unknown;
}

/** Each usual operation's input, made from its validated request. */
const INPUTS: [prefix: string, input: (request: UsualRequest) => unknown][] = [
  ["list", () => ({})],
  ["create", ({ json }) => json],
  ["update", ({ param, json }) => ({ id: param.id, changes: json })],
  ["", ({ param }) => ({ id: param.id })],
];

/**
 * A resource kept by id, declared with the contract's `resource()` (list, create, get, update,
 * delete), served with one verb per operation under the same name: list takes nothing, create
 * the body, get and delete the id, update the id and the changes sent.
 */
export function serveResource<const Ops extends Record<string, RouteConfig>>(
  serve: ReturnType<typeof verbServer>,
  operations: Ops,
  verbs: ResourceVerbs<Ops>,
) {
  for (const [id, operation] of Object.entries(operations)) {
    const [, input] = INPUTS.find(([prefix]) => id.startsWith(prefix))!;
    // Each verb's input and answer were checked against its operation by ResourceVerbs above.
    serve(operation, input as never, verbs[id] as never);
  }
}
