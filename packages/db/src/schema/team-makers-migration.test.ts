import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { runMigrations } from "../migrate.ts";
import { migrationTest } from "../testing/db-test.ts";

// A database at the migration before team workspaces outlive their members
// (docs/adr/0040-team-workspaces-outlive-their-members.md), with an account, its Idempotency-Key
// and a task it made in a team workspace; then migration 0024.
const { it, file } = migrationTest("_team_workspaces_outlive_members");

describe("the team-workspaces-outlive-their-members migration", () => {
  it("puts every Idempotency-Key in its person's personal workspace, and keeps a team's task when its maker's account goes", async () => {
    const ada = randomUUID();
    const team = randomUUID();
    await file.pool.query("insert into users (id, name, email) values ($1, 'ada', $2)", [ada, `ada-${ada}@example.test`]);
    await file.pool.query("insert into workspaces (id, name, kind, personal_user_id) values ($1, 'Personal', 'personal', $1)", [ada]);
    await file.pool.query("insert into workspaces (id, name, kind) values ($1, 'Finance', 'team')", [team]);
    await file.pool.query("insert into idempotency_keys (user_id, key, request_hash, response_status) values ($1, 'order-42', 'h', 201)", [
      ada,
    ]);
    const mine = (await file.pool.query("insert into tasks (user_id, workspace_id, prompt) values ($1, $1, 'p') returning id", [ada]))
      .rows[0].id;
    const teams = (
      await file.pool.query("insert into tasks (user_id, workspace_id, prompt) values ($1, $2, 'p') returning id", [ada, team])
    ).rows[0].id;

    await runMigrations(file.db);

    expect((await file.pool.query("select workspace_id, user_id, key, response_status from idempotency_keys")).rows).toEqual([
      { workspace_id: ada, user_id: ada, key: "order-42", response_status: 201 },
    ]);
    await file.pool.query("delete from users where id = $1", [ada]);
    expect((await file.pool.query("select id, user_id from tasks where id = any($1)", [[mine, teams]])).rows).toEqual([
      { id: teams, user_id: null },
    ]);
    expect((await file.pool.query("select count(*)::int as n from idempotency_keys")).rows).toEqual([{ n: 0 }]);
  });
});
