import { users, workspaceMembers, workspaces } from "@errand/db";
import { and, count, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import { requirePersonalCredentials, requireScope, type CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { forgetCachedCallers } from "./caller-cache.ts";

/**
 * Deletes the caller's account (docs/adr/0040-team-workspaces-outlive-their-members.md). Its
 * personal workspace and everything in it go. What it made in team workspaces stays theirs, with
 * no maker (the reference empties); its memberships, named keys, sessions and Idempotency-Keys go,
 * each team workspace's audit log saying they left. Refused (409, naming the workspace) while the
 * account is the last owner of a team workspace: make another member an owner, or delete the
 * workspace, first. The team workspaces' rows are locked, so an owner demoted meanwhile is seen.
 */
export async function deleteAccount({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<void> {
  requireScope(caller, "manage");
  requirePersonalCredentials(caller, "delete the account");
  await ctx.db.transaction(async (tx) => {
    const teams = await tx
      .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.userId, caller.userId), eq(workspaces.kind, "team")))
      .orderBy(workspaces.name)
      .for("update", { of: workspaces });
    const owned = teams.filter((team) => team.role === "owner").map((team) => team.id);
    const owners = owned.length
      ? await tx
          .select({ workspaceId: workspaceMembers.workspaceId, n: count() })
          .from(workspaceMembers)
          .where(and(inArray(workspaceMembers.workspaceId, owned), eq(workspaceMembers.role, "owner")))
          .groupBy(workspaceMembers.workspaceId)
      : [];
    const lastOwned = teams.find((team) => owners.some((o) => o.workspaceId === team.id && o.n <= 1));
    if (lastOwned) {
      throw conflict(
        `You are the last owner of the workspace "${lastOwned.name}": make another member an owner or delete the workspace, then delete your account`,
      );
    }
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
    for (const team of teams) {
      await recordAudit(tx, caller, {
        workspaceId: team.id,
        action: "member.removed",
        target: { type: "member", id: caller.userId, label: account?.email ?? null },
        details: { role: team.role, left: true, account_deleted: true },
      });
    }
    // The rest is the schema's: the personal workspace, memberships, keys and sessions cascade;
    // team rows' user_id is set null.
    await tx.delete(users).where(eq(users.id, caller.userId));
  });
  forgetCachedCallers(ctx);
  ctx.log.info("account deleted", { userId: caller.userId });
}
