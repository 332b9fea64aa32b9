import type { Db } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/** A table of a workspace's named rows (credentials, proxy pools). */
export type NamedWorkspaceTable = PgTable & { id: PgColumn; workspaceId: PgColumn; name: PgColumn };

/**
 * Whether one of the workspace's rows of the table already has this name: asked before a save,
 * to refuse it in words (two saves at once are still stopped by the table's unique index).
 */
export async function nameInUse(tx: Pick<Db, "select">, table: NamedWorkspaceTable, workspaceId: string, name: string): Promise<boolean> {
  const [same] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.name, name)));
  return same !== undefined;
}
