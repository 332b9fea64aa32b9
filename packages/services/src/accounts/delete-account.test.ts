import { apiKeys, auditEvents, idempotencyKeys, users, workspaceMembers, workspaces, type Db } from "@errand/db";
import { usageQuerySchema } from "@errand/contract";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createApiKey } from "../api-keys/index.ts";
import { getUsage } from "../billing/index.ts";
import type { ServiceContext } from "../context.ts";
import { listTasks } from "../tasks/index.ts";
import { createTestAccount, giveCredits, refusal, serviceTest, testCaller } from "../testing.ts";
import { addMember, changeMemberRole, createWorkspace } from "../workspaces/index.ts";
import { callerFromApiKey } from "./caller-from-api-key.ts";
import { deleteAccount } from "./delete-account.ts";

const it = serviceTest;

/** Every table whose rows belong to a workspace and name who made them. */
const MADE = [
  "tasks",
  "tasks_runs",
  "task_schedules",
  "auth_contexts",
  "credentials",
  "proxy_pools",
  "files",
  "webhooks",
  "transactions",
  "credit_ledger",
] as const;

/** One row in each of those tables, made by `userId` in `workspaceId`. */
async function fill(db: Db, userId: string, workspaceId: string) {
  const id = async (query: ReturnType<typeof sql>) => ((await db.execute(query)).rows[0] as { id: string }).id;
  await db.execute(
    sql`insert into transactions (user_id, workspace_id, amount, credits, status) values (${userId}, ${workspaceId}, 500, 50000, 'completed')`,
  );
  const login = await id(
    sql`insert into auth_contexts (user_id, workspace_id, name, urls) values (${userId}, ${workspaceId}, 'Shop', '{https://shop.example}') returning id`,
  );
  const task = await id(
    sql`insert into tasks (user_id, workspace_id, prompt, auth_context_id) values (${userId}, ${workspaceId}, 'collect posts', ${login}) returning id`,
  );
  const run = await id(
    sql`insert into tasks_runs (task_id, user_id, workspace_id, prompt, status) values (${task}, ${userId}, ${workspaceId}, 'collect posts', 'success') returning id`,
  );
  await db.execute(
    sql`insert into credit_ledger (user_id, workspace_id, run_id, kind, credits_delta) values (${userId}, ${workspaceId}, ${run}, 'credits', -23)`,
  );
  await db.execute(
    sql`insert into task_schedules (task_id, user_id, workspace_id, kind, cron, time_zone) values (${task}, ${userId}, ${workspaceId}, 'daily', '0 9 * * *', 'UTC')`,
  );
  await db.execute(
    sql`insert into credentials (user_id, workspace_id, name, domains, username_ciphertext, password_ciphertext) values (${userId}, ${workspaceId}, 'github', '{github.com}', 'u', 'p')`,
  );
  await db.execute(sql`insert into proxy_pools (user_id, workspace_id, name) values (${userId}, ${workspaceId}, 'residential')`);
  await db.execute(
    sql`insert into files (user_id, workspace_id, origin, name, content_type, size_bytes, sha256, storage_key) values (${userId}, ${workspaceId}, 'upload', 'a.txt', 'text/plain', 1, 'x', ${`k-${task}`})`,
  );
  await db.execute(
    sql`insert into webhooks (user_id, workspace_id, url, events, secret_ciphertext) values (${userId}, ${workspaceId}, 'https://hooks.example', '{run.finished}', 's')`,
  );
}

/** Per table, the rows of `workspaceId` by maker: { tasks: { "<id or null>": 1 }, ... }. */
async function makers(db: Db, workspaceId: string) {
  const found: Record<string, Record<string, number>> = {};
  for (const table of MADE) {
    const rows = (
      await db.execute(
        sql`select user_id, count(*)::int as n from ${sql.identifier(table)} where workspace_id = ${workspaceId} group by user_id`,
      )
    ).rows as { user_id: string | null; n: number }[];
    found[table] = Object.fromEntries(rows.map((row) => [String(row.user_id), row.n]));
  }
  return found;
}
const every = (counts: Record<string, number>) => Object.fromEntries(MADE.map((table) => [table, counts]));

/** Ada owns the team "Finance"; Bob, an admin there, made rows in it and in his personal workspace. */
async function teamWithBobsWork(ctx: ServiceContext) {
  const ada = await createTestAccount(ctx);
  const bob = await createTestAccount(ctx);
  const team = await createWorkspace({ ctx, caller: testCaller(ada.id), input: { name: "Finance" } });
  await giveCredits(ctx.db, team.id);
  await addMember({ ctx, caller: testCaller(ada.id, { workspaceId: team.id }), input: { userId: bob.id, role: "admin" } });
  const bobThere = testCaller(bob.id, { workspaceId: team.id, role: "admin", via: "session" });
  await fill(ctx.db, bob.id, team.id);
  await fill(ctx.db, bob.id, bob.id);
  return { ada, bob, team, bobThere };
}

describe("deleting an account", () => {
  it("keeps what it made in a team workspace, with no maker, and deletes its personal workspace with everything in it", async ({ ctx }) => {
    const { ada, bob, team, bobThere } = await teamWithBobsWork(ctx);
    const key = await createApiKey({ ctx, caller: bobThere, input: { name: "CI", scopes: ["read", "run"] } });
    await ctx.db.insert(idempotencyKeys).values({ workspaceId: team.id, userId: bob.id, key: "order-42", requestHash: "h" });
    expect(await makers(ctx.db, team.id)).toEqual(every({ [bob.id]: 1 }));

    await deleteAccount({ ctx, caller: testCaller(bob.id, { via: "session" }), input: {} });

    expect(await makers(ctx.db, team.id)).toEqual(every({ null: 1 }));
    expect(await makers(ctx.db, bob.id)).toEqual(every({}));
    expect(await ctx.db.select().from(users).where(eq(users.id, bob.id))).toEqual([]);
    expect(await ctx.db.select().from(workspaces).where(eq(workspaces.id, bob.id))).toEqual([]);
    expect(await ctx.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, bob.id))).toEqual([]);
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toEqual([]);
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, bob.id))).toEqual([]);
    expect(await refusal(callerFromApiKey({ ctx, input: { apiKey: key.secret } }))).toMatchObject({ code: "unauthorized" });

    // The team reads on: Bob's task is there, made by no one now, and its log says he left.
    const tasks = await listTasks({ ctx, caller: testCaller(ada.id, { workspaceId: team.id }), input: {} });
    expect(tasks.tasks.map((task) => [task.prompt, task.user_id])).toEqual([["collect posts", null]]);
    const [left] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, team.id), eq(auditEvents.action, "member.removed")));
    expect(left).toMatchObject({
      actorUserId: null,
      targetLabel: bob.email,
      details: { role: "admin", left: true, account_deleted: true },
    });
    // Its spend stays in the team's usage, under no one.
    const usage = await getUsage({
      ctx,
      caller: testCaller(ada.id, { workspaceId: team.id }),
      input: usageQuerySchema.parse({ group_by: "member" }),
    });
    expect(usage.groups?.map((group) => [group.id, group.name])).toEqual([[null, "Deleted account"]]);
  });

  it("is refused while the account is a team workspace's last owner, naming it, and goes through once another member is an owner", async ({
    ctx,
  }) => {
    const { ada, bob, team } = await teamWithBobsWork(ctx);
    expect(await refusal(deleteAccount({ ctx, caller: testCaller(ada.id, { via: "session" }), input: {} }))).toMatchObject({
      code: "conflict",
      message:
        'You are the last owner of the workspace "Finance": make another member an owner or delete the workspace, then delete your account',
    });
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, ada.id))).toEqual([{ id: ada.id }]);

    await changeMemberRole({
      ctx,
      caller: testCaller(ada.id, { via: "session" }),
      input: { workspaceId: team.id, userId: bob.id, role: "owner" },
    });
    await deleteAccount({ ctx, caller: testCaller(ada.id, { via: "session" }), input: {} });
    expect(
      await ctx.db.select({ role: workspaceMembers.role }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, team.id)),
    ).toEqual([{ role: "owner" }]);
    expect(await makers(ctx.db, team.id)).toEqual(every({ [bob.id]: 1 }));
  });

  it("is refused to a named API key", async ({ ctx }) => {
    const { bob, bobThere } = await teamWithBobsWork(ctx);
    const key = await createApiKey({ ctx, caller: bobThere, input: { name: "CI", scopes: ["read", "run", "manage"] } });
    const keyCaller = await callerFromApiKey({ ctx, input: { apiKey: key.secret } });
    expect(await refusal(deleteAccount({ ctx, caller: keyCaller, input: {} }))).toMatchObject({ code: "forbidden" });
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, bob.id))).toEqual([{ id: bob.id }]);
  });
});
