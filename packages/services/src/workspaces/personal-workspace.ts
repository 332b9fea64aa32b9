import { PERSONAL_WORKSPACE_NAME } from "@errand/contract";
import { workspaceMembers, workspaces } from "@errand/db";
import type { Queryable } from "../ownership.ts";

/**
 * Gives the account its personal workspace (its id is the account's own) with the account as
 * owner. Idempotent; called inside the transaction that provisions the account.
 */
export async function ensurePersonalWorkspace(tx: Queryable, userId: string): Promise<void> {
  await tx
    .insert(workspaces)
    .values({ id: userId, name: PERSONAL_WORKSPACE_NAME, kind: "personal", personalUserId: userId })
    .onConflictDoNothing({ target: workspaces.id });
  await tx.insert(workspaceMembers).values({ workspaceId: userId, userId, role: "owner" }).onConflictDoNothing();
}
