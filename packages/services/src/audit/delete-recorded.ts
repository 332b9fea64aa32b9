import type { AuditAction, AuditTargetType } from "@errand/contract";
import type { Db } from "@errand/db";
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Caller } from "../caller.ts";
import { recordAudit } from "./record-audit.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a delete takes: the row the caller's ownership clause picks, and how it is audited. */
interface RecordedDelete {
  table: PgTable & { id: PgColumn; name: PgColumn };
  /** The area's ownership clause: the caller's row with this id. */
  where: SQL | undefined;
  notFound: () => Error;
  action: AuditAction;
  targetType: AuditTargetType;
}

/**
 * Deletes a named row of the caller's and records it in the audit log (docs/adr/0038-audit-log.md)
 * by its name, in one transaction; `notFound` when the clause picks none.
 */
export async function deleteRecorded(db: Db, caller: Caller, { table, where, notFound, action, targetType }: RecordedDelete) {
  await db.transaction(async (tx: Tx) => {
    const [deleted] = (await tx.delete(table).where(where).returning({ id: table.id, name: table.name })) as Array<{
      id: string;
      name: string;
    }>;
    if (!deleted) throw notFound();
    await recordAudit(tx, caller, { action, target: { type: targetType, id: deleted.id, label: deleted.name } });
  });
}
