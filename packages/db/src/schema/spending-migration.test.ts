import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { runMigrations } from "../migrate.ts";
import { migrationTest } from "../testing/db-test.ts";

// A database at the migration before spending limits (docs/adr/0037-spending-limits.md), with an
// account's balance and a run; then migration 0021: the balance is the workspace's, nothing lost.
const { it, file } = migrationTest("_spending_limits");

async function account(credits: number) {
  const id = randomUUID();
  await file.pool.query("insert into users (id, name, email) values ($1, 'ada', $2)", [id, `ada-${id}@example.test`]);
  await file.pool.query("insert into workspaces (id, name, kind, personal_user_id) values ($1, 'Personal', 'personal', $1)", [id]);
  await file.pool.query("insert into user_credits (user_id, workspace_id, credits, free_prompts, held_credits) values ($1, $1, $2, 3, 5)", [
    id,
    credits,
  ]);
  const task = (await file.pool.query("insert into tasks (user_id, workspace_id, prompt) values ($1, $1, 'p') returning id", [id])).rows[0]
    .id;
  await file.pool.query("insert into tasks_runs (task_id, user_id, workspace_id, prompt, status) values ($1, $2, $2, 'p', 'success')", [
    task,
    id,
  ]);
  return id;
}

describe("the spending limits migration", () => {
  it("keys every balance by its workspace without changing it, and lets a team's balance have no account", async () => {
    const ada = await account(120_000);
    const before = (await file.pool.query("select user_id, workspace_id, credits, free_prompts, held_credits from user_credits")).rows;

    await runMigrations(file.db);

    expect((await file.pool.query("select user_id, workspace_id, credits, free_prompts, held_credits from user_credits")).rows).toEqual(
      before,
    );
    // Runs made before have no caps and stop at one (the default) if given one later.
    expect(
      (await file.pool.query("select max_cost, max_steps, on_limit, model_cost from tasks_runs where user_id = $1", [ada])).rows,
    ).toEqual([{ max_cost: null, max_steps: null, on_limit: "stop", model_cost: null }]);
    const team = randomUUID();
    await file.pool.query("insert into workspaces (id, name, kind) values ($1, 'Growth', 'team')", [team]);
    await file.pool.query("insert into user_credits (workspace_id, credits) values ($1, 0)", [team]);
    await expect(file.pool.query("insert into user_credits (workspace_id, credits) values ($1, 0)", [team])).rejects.toMatchObject({
      code: "23505",
    });
  });
});
