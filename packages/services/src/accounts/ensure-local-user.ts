import { randomUUID } from "node:crypto";
import { users } from "@errand/db";
import { eq } from "drizzle-orm";
import { ALL_SCOPES, type Caller } from "../caller.ts";
import type { VerbArgs } from "../context.ts";
import { provisionAccount } from "./provision-account.ts";

/**
 * The account that owns runs started from the terminal (`errand run`). It has no password, so
 * nobody can sign in as it, and its e-mail is taken, so nobody can sign up as it.
 */
export async function ensureLocalUser({ ctx, input }: VerbArgs<{ email: string }>): Promise<{ userId: string }> {
  const email = input.email.toLowerCase();
  await ctx.db.insert(users).values({ id: randomUUID(), name: "Errand CLI", email }).onConflictDoNothing({ target: users.email });
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await provisionAccount({ ctx, input: { userId: user!.id } });
  return { userId: user!.id };
}

/**
 * The CLI on this machine, acting as that local account. Whoever runs it holds the database
 * credentials: they operate the deployment, so they are an admin whatever ADMIN_EMAILS says.
 */
export async function localCaller({ ctx, input }: VerbArgs<{ email: string }>): Promise<Caller> {
  const { userId } = await ensureLocalUser({ ctx, input });
  // It acts in its personal workspace (its id is the account's), which it owns.
  return { userId, isAdmin: true, via: "local", scopes: ALL_SCOPES, workspaceId: userId, role: "owner" };
}
