import type { Db } from "@errand/db";
import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { notFound, type ServiceError } from "./errors.ts";

/** The database or a transaction on it. */
export type Queryable = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

type Lock = "update" | "key share";

/** Whose row it must be: a caller, or the workspace of a run the worker acts for. */
export interface Owner {
  workspaceId: string;
}

/**
 * "The caller's X, or not found", written once per owned table (docs/adr/0027-services-areas-and-ownership.md).
 * A row is the caller's when it belongs to the caller's workspace (docs/adr/0031-workspaces-and-roles.md),
 * whose membership was checked where the caller was made. Another workspace's row is reported
 * exactly like a missing one, never as "forbidden", so an id tells nothing about other workspaces. Each area names its pair, e.g. `ownRun` and `callersRun`
 * in runs/own-run.ts. `missing` is the noun of "Run not found", or the error itself.
 */
export function ownership<Table extends PgTable>(
  table: Table,
  key: PgColumn,
  workspaceColumn: PgColumn,
  missing: string | (() => ServiceError),
) {
  const notFoundError = typeof missing === "string" ? () => notFound(missing) : missing;

  /** The where clause "row `id`, if it is `owner`'s": for writes and joins. */
  const where = (owner: Owner, id: string): SQL => and(eq(key, id), eq(workspaceColumn, owner.workspaceId))!;

  /**
   * The owner's row `id` in one query: the columns asked for (the whole row without them), or
   * not_found. `lock` holds the row until the transaction `db` ends.
   */
  function own(db: Queryable, owner: Owner, id: string): Promise<Table["$inferSelect"]>;
  function own<Columns extends SelectedFields>(
    db: Queryable,
    owner: Owner,
    id: string,
    columns: Columns,
    lock?: Lock,
  ): Promise<SelectResultFields<Columns>>;
  async function own(db: Queryable, owner: Owner, id: string, columns?: SelectedFields, lock?: Lock): Promise<unknown> {
    const query = db
      .select(columns ?? getTableColumns(table))
      .from(table as PgTable)
      .where(where(owner, id))
      .$dynamic();
    const [row] = await (lock ? query.for(lock) : query).execute();
    if (!row) throw notFoundError();
    return row;
  }

  return { where, own, notFound: notFoundError };
}
