import type { Account } from "@errand/contract";
import { userCredits, users } from "@errand/db";
import { eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { provisionAccount } from "./provision-account.ts";

/**
 * The signed-in person: identity, admin flag and the balance of the workspace they act in (a
 * team's credits are shared, docs/adr/0037-spending-limits.md).
 */
export async function getAccount({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<Account> {
  requireScope(caller, "read");
  const load = () =>
    ctx.db
      .select({ user: users, balance: userCredits })
      .from(users)
      .leftJoin(userCredits, eq(userCredits.workspaceId, caller.workspaceId))
      .where(eq(users.id, caller.userId))
      .limit(1);
  let [row] = await load();
  if (!row) throw notFound("Account");
  if (row.balance === null && caller.workspaceId === caller.userId) {
    // The sign-up hook runs after the user insert; a crash in between must not leave a broken account.
    await provisionAccount({ ctx, input: { userId: caller.userId } });
    [row] = await load();
    if (!row) throw notFound("Account");
  }
  return {
    id: row.user.id,
    email: row.user.email,
    avatarUrl: row.user.image ?? null,
    isAdmin: ctx.config.adminEmails.includes(row.user.email.toLowerCase()),
    balance: {
      freePrompts: row.balance?.freePrompts ?? 0,
      credits: row.balance?.credits ?? 0,
      heldFreePrompts: row.balance?.heldFreePrompts ?? 0,
      heldCredits: row.balance?.heldCredits ?? 0,
    },
    createdAt: row.user.createdAt.toISOString(),
  };
}
