import type { Db } from "@errand/db";
import type { ServiceContext } from "./context.ts";
import { countInTurn } from "./count-in-turn.ts";
import { isUniqueViolation } from "./credentials/name-taken.ts";
import { conflict, type ServiceError } from "./errors.ts";
import { nameInUse, type NamedWorkspaceTable } from "./name-in-use.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A kind of named thing a workspace keeps (credentials, proxy pools): its table, how many it may keep, and the words. */
export interface NamedKind {
  table: NamedWorkspaceTable;
  max: number;
  /** "credentials", "proxy pools" */
  plural: string;
  /** The refusal of a name the workspace already uses. */
  taken: (name: string) => ServiceError;
}

/**
 * Adds a named thing of the workspace with `insert`, in one transaction that takes the workspace's
 * turn at the table (count-in-turn.ts) and refuses, in words, one more than `max` and a name in use,
 * including the name a save at the same moment took first (the table's unique index).
 */
export async function saveNamedInTurn<T>(
  ctx: ServiceContext,
  kind: NamedKind,
  at: { workspaceId: string; name: string },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db
    .transaction(async (tx) => {
      if ((await countInTurn(tx, kind.table, at.workspaceId)) >= kind.max)
        throw conflict(`An account can keep at most ${kind.max} ${kind.plural}: delete one you no longer use first.`);
      if (await nameInUse(tx, kind.table, at.workspaceId, at.name)) throw kind.taken(at.name);
      return insert(tx);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? kind.taken(at.name) : error;
    });
}
