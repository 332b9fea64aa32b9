import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { runMigrations } from "../migrate.ts";
import { migrationTest } from "../testing/db-test.ts";

// A database migrated up to the migration before workspaces, filled the old way (plain SQL, the
// tables as they were) with two accounts and rows in every table an account owns; then the rest.
const { it, file } = migrationTest("_workspaces");

/** Every table whose rows belong to an account, and the column naming the account. */
const OWNED = {
  profiles: "id",
  user_credits: "user_id",
  transactions: "user_id",
  credit_ledger: "user_id",
  tasks: "user_id",
  tasks_runs: "user_id",
  task_schedules: "user_id",
  auth_contexts: "user_id",
  credentials: "user_id",
  proxy_pools: "user_id",
  files: "user_id",
  webhooks: "user_id",
} as const;

const one = async (sql: string, values: unknown[]) => (await file.pool.query(sql, values)).rows[0].id as string;

/** An account as it was before workspaces, with one row in each owned table. */
async function oldAccount(name: string, credits: number) {
  const id = randomUUID();
  await file.pool.query("insert into users (id, name, email, created_at) values ($1, $2, $3, '2026-01-02T03:04:05Z')", [
    id,
    name,
    `${name}-${id}@example.test`,
  ]);
  await file.pool.query(
    "insert into profiles (id, api_key_hash, api_key_ciphertext, api_key_prefix) values ($1, $2, 'sealed', 'errand_x')",
    [id, `hash-${id}`],
  );
  await file.pool.query("insert into user_credits (user_id, credits, free_prompts, held_credits) values ($1, $2, 3, 5)", [id, credits]);
  await file.pool.query("insert into transactions (user_id, amount, credits, status) values ($1, 500, 50000, 'completed')", [id]);
  const login = await one("insert into auth_contexts (user_id, name, urls) values ($1, 'Shop', '{https://shop.example}') returning id", [
    id,
  ]);
  const task = await one("insert into tasks (user_id, prompt, auth_context_id) values ($1, 'collect posts', $2) returning id", [id, login]);
  const run = await one(
    "insert into tasks_runs (task_id, user_id, prompt, status) values ($1, $2, 'collect posts', 'success') returning id",
    [task, id],
  );
  await file.pool.query("insert into credit_ledger (user_id, run_id, kind, credits_delta) values ($1, $2, 'credits', -23)", [id, run]);
  await file.pool.query(
    "insert into task_schedules (task_id, user_id, kind, cron, time_zone) values ($1, $2, 'daily', '0 9 * * *', 'UTC')",
    [task, id],
  );
  await file.pool.query(
    "insert into credentials (user_id, name, domains, username_ciphertext, password_ciphertext) values ($1, 'github', '{github.com}', 'u', 'p')",
    [id],
  );
  await file.pool.query("insert into proxy_pools (user_id, name) values ($1, 'residential')", [id]);
  await file.pool.query(
    "insert into files (user_id, origin, name, content_type, size_bytes, sha256, storage_key) values ($1, 'upload', 'a.txt', 'text/plain', 1, 'x', 'k')",
    [id],
  );
  await file.pool.query(
    "insert into webhooks (user_id, url, events, secret_ciphertext) values ($1, 'https://hooks.example', '{run.finished}', 's')",
    [id],
  );
  return id;
}

/** Each owned table's rows as (id or owner, owner) pairs, and the balances. */
async function snapshot() {
  const rows: Record<string, unknown[]> = {};
  for (const [table, owner] of Object.entries(OWNED)) {
    const key = table === "user_credits" || table === "profiles" ? owner : "id";
    rows[table] = (await file.pool.query(`select ${key} as key, ${owner} as owner from ${table} order by 1`)).rows;
  }
  const balances = (await file.pool.query("select user_id, credits, free_prompts, held_credits from user_credits order by user_id")).rows;
  return { rows, balances };
}

describe("the workspaces migration", () => {
  it("gives every account its personal workspace, owned by it, and moves every row it owns there with nothing lost", async () => {
    const alice = await oldAccount("alice", 120_000);
    const bob = await oldAccount("bob", 7);
    // An account that never got a profile or a balance still gets its workspace.
    const carol = randomUUID();
    await file.pool.query("insert into users (id, name, email) values ($1, 'carol', $2)", [carol, `carol-${carol}@example.test`]);
    const before = await snapshot();

    await runMigrations(file.db);

    expect(await snapshot()).toEqual(before);
    const workspaces = (await file.pool.query("select id, name, kind, personal_user_id, created_at from workspaces order by id")).rows;
    const users = (await file.pool.query("select id, created_at from users order by id")).rows;
    expect(workspaces).toEqual(
      users.map((u) => ({ id: u.id, name: "Personal", kind: "personal", personal_user_id: u.id, created_at: u.created_at })),
    );
    expect((await file.pool.query("select workspace_id, user_id, role from workspace_members order by user_id")).rows).toEqual(
      users.map((u) => ({ workspace_id: u.id, user_id: u.id, role: "owner" })),
    );
    for (const [table, owner] of Object.entries(OWNED)) {
      const misplaced = await file.pool.query(`select count(*)::int as n from ${table} where workspace_id is distinct from ${owner}`);
      expect({ table, misplaced: misplaced.rows[0].n }).toEqual({ table, misplaced: 0 });
      const ofAccounts = await file.pool.query(`select count(*)::int as n from ${table} where ${owner} = any($1)`, [[alice, bob]]);
      expect({ table, rows: ofAccounts.rows[0].n }).toEqual({ table, rows: 2 });
    }
    // The column is required from now on, and names a workspace that exists.
    await expect(file.pool.query("insert into tasks (user_id, prompt) values ($1, 'p')", [alice])).rejects.toMatchObject({ code: "23502" });
    await expect(
      file.pool.query("insert into tasks (user_id, workspace_id, prompt) values ($1, $2, 'p')", [alice, randomUUID()]),
    ).rejects.toMatchObject({ code: "23503" });
    // Deleting an account takes its personal workspace and everything in it.
    await file.pool.query("delete from users where id = $1", [bob]);
    expect((await file.pool.query("select count(*)::int as n from workspaces where id = $1", [bob])).rows[0].n).toBe(0);
    expect((await file.pool.query("select count(*)::int as n from tasks where workspace_id = $1", [bob])).rows[0].n).toBe(0);
  });
});
