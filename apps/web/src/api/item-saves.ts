import type { QueryKey } from "@tanstack/react-query";
import type { ApiBody, ApiOperationId } from "@errand/contract";
import type { InputSchemas } from "../lib/forms/checked-submit";
import { callOperation } from "./operation";

/** How a saved item of one kind (a credential, a proxy pool) is added and changed. */
export interface ItemSaves<B> {
  create: (body: B) => Promise<unknown>;
  update: (id: string, body: B) => Promise<unknown>;
  /** The two operations' body schemas (loaded when a form is sent): a form checked with them says the API's own messages. */
  schemas: keyof InputSchemas["itemBodySchemas"];
  /** The list the items are in: read again after a save. */
  listKey: QueryKey;
}

/** The POST that adds an item and the PATCH (by id) that changes it, with their bodies' schemas. */
export function itemSaves<C extends ApiOperationId, U extends ApiOperationId>(
  create: C,
  update: U,
  schemas: ItemSaves<unknown>["schemas"],
  listKey: QueryKey,
): ItemSaves<ApiBody<C> | ApiBody<U>> {
  return {
    // The body was checked with the schema of the request it goes with (useSaveItem).
    create: (body) => callOperation(create, { body } as never),
    update: (id, body) => callOperation(update, { params: { id }, body } as never),
    schemas,
    listKey,
  };
}
