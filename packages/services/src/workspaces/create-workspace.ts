import { randomUUID } from "node:crypto";
import { WORKSPACE_NAME_MAX, type Workspace } from "@errand/contract";
import { userCredits, workspaceMembers, workspaces } from "@errand/db";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { invalid } from "../errors.ts";
import { workspaceToApi } from "./to-api.ts";

/**
 * A team workspace, with the caller as its owner and an empty balance of its own. The account's
 * own action, whatever workspace the call acts in, but a change: a key needs the manage scope, as
 * to accept an invitation (docs/adr/0035-named-api-keys-with-scopes.md).
 */
export async function createWorkspace({ ctx, caller, input }: CallerVerbArgs<{ name: string }>): Promise<Workspace> {
  requireScope(caller, "manage");
  const name = input.name.trim();
  if (!name || name.length > WORKSPACE_NAME_MAX) {
    throw invalid([{ path: "name", message: `name must be 1 to ${WORKSPACE_NAME_MAX} characters` }]);
  }
  return ctx.db.transaction(async (tx) => {
    const [workspace] = await tx.insert(workspaces).values({ id: randomUUID(), name, kind: "team" }).returning();
    await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: caller.userId, role: "owner" });
    // Its own balance, empty: a team's runs spend the team's credits (docs/adr/0037-spending-limits.md).
    await tx.insert(userCredits).values({ workspaceId: workspace!.id, userId: null, credits: 0, freePrompts: 0 });
    return workspaceToApi(workspace!, "owner");
  });
}
