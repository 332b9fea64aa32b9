import type { Db } from "@errand/db";
import { count, eq, getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A table whose rows belong to a workspace (the columns of @errand/db's workspaceRow()). */
type WorkspaceTable = PgTable & { workspaceId: PgColumn };

/**
 * How many rows of the table the workspace keeps, counted in the transaction that is about to add
 * one, after taking the workspace's turn at that table (an advisory lock named `errand.<table>`):
 * creates in one workspace take turns, so two at once cannot pass the limit together.
 */
export async function countInTurn(tx: Tx, table: WorkspaceTable, workspaceId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`errand.${getTableName(table)}`}), hashtext(${workspaceId}))`);
  const [kept] = await tx.select({ existing: count() }).from(table).where(eq(table.workspaceId, workspaceId));
  return kept!.existing;
}
