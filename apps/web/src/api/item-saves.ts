import type { QueryKey } from "@tanstack/react-query";
import type { ApiBody, ApiOperation } from "@errand/contract";
import type { Issue } from "../lib/forms/form-errors";
import { callOperation } from "./operation";

/** A contract schema of a request body (zod's safeParse). */
export interface BodySchema {
  safeParse: (body: unknown) => { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/** How a saved item of one kind (a credential, a proxy pool) is added and changed. */
export interface ItemSaves<B> {
  create: (body: B) => Promise<unknown>;
  update: (id: string, body: B) => Promise<unknown>;
  /** The two operations' body schemas: a form checked with them says the API's own messages. */
  schemas: { create: BodySchema; update: BodySchema };
  /** The list the items are in: read again after a save. */
  listKey: QueryKey;
}

type BodyOperation = ApiOperation & { request: { body: { content: { "application/json": { schema: BodySchema } } } } };
const bodySchema = (operation: BodyOperation): BodySchema => operation.request.body.content["application/json"].schema;

/** The POST that adds an item and the PATCH (by id) that changes it, with their bodies' schemas. */
export function itemSaves<C extends BodyOperation, U extends BodyOperation>(
  create: C,
  update: U,
  listKey: QueryKey,
): ItemSaves<ApiBody<C["operationId"]> | ApiBody<U["operationId"]>> {
  return {
    // The body was checked with the schema of the request it goes with (useSaveItem).
    create: (body) => callOperation(create, { body } as never),
    update: (id, body) => callOperation(update, { params: { id }, body } as never),
    schemas: { create: bodySchema(create), update: bodySchema(update) },
    listKey,
  };
}
