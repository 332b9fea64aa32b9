import { creditLedger } from "@errand/db";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";

/** The calendar month spend is counted in, in UTC: "2026-11". */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The first instant of `at`'s month, in UTC. */
const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/**
 * What a workspace spent this month, in credit units: what its runs were charged plus their
 * model spend, from the ledger (which outlives deleted runs), by when they were settled.
 */
export async function monthSpend(db: Queryable, workspaceId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ spent: sql<string>`coalesce(sum(-${creditLedger.creditsDelta} + coalesce(${creditLedger.modelCost}, 0)), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.workspaceId, workspaceId), gte(creditLedger.createdAt, monthStart(now))));
  return Number(row?.spent ?? 0);
}
