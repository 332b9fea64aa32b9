import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { runMigrations } from "../migrate.ts";
import { migrationTest } from "../testing/db-test.ts";

// A database at the migration before failure kinds (docs/adr/0042-failure-kinds.md) with runs
// that ended before; then migration 0026: each gets the kind its stored message names, else unknown.
const { it, file } = migrationTest("_failure_kinds");

const ENDED: [status: string, reason: string | null, kind: string | null][] = [
  ["success", null, null],
  ["pending", null, null],
  ["cancelled", "Cancelled by the user.", "cancelled"],
  ["failed", "The task did not finish within the session timeout of 300 s.", "time_limit"],
  ["failed", "The run stopped after 130 s: your credits covered no more of its 300 s time limit.", "budget_exhausted"],
  ["failed", "Stopped: reached its step limit of 3 steps", "step_limit"],
  [
    "failed",
    "The page shows a Turnstile challenge that the agent cannot solve (no captcha solver is configured). No person took control within 10 min, so the run stopped.",
    "captcha_unsolved",
  ],
  ["failed", "Enter the code. No person took control within 10 min, so the run stopped.", "person_needed_timeout"],
  ["error", "The model could not be reached after 5 attempts: HTTP 503", "model_error"],
  ["error", "The browser tab kept crashing.", "page_error"],
  ["failed", "The agent could not complete the task: out of stock", "agent_gave_up"],
  ["failed", "Stopped after 3 consecutive failed steps. Last error: x", "agent_stuck"],
  ["failed", "The agent's answer did not fit the JSON schema after 3 attempts: price.", "invalid_answer"],
  ["error", "The task's JSON schema is not valid JSON (Unexpected token).", "setup_problem"],
  ["error", "The worker running this task stopped responding (it may have crashed or been shut down).", "interrupted"],
  ["error", "Internal error: boom", "internal"],
  ["failed", "Something nobody wrote down.", "unknown"],
];

describe("the failure kinds migration", () => {
  it("gives each ended run the kind its message names, else unknown; pending and successful runs none", async () => {
    const user = randomUUID();
    await file.pool.query("insert into users (id, name, email) values ($1, 'ada', $2)", [user, `ada-${user}@example.test`]);
    await file.pool.query("insert into workspaces (id, name, kind, personal_user_id) values ($1, 'Personal', 'personal', $1)", [user]);
    const task = (await file.pool.query("insert into tasks (user_id, workspace_id, prompt) values ($1, $1, 'p') returning id", [user]))
      .rows[0].id;
    for (const [status, reason] of ENDED) {
      await file.pool.query(
        "insert into tasks_runs (task_id, user_id, workspace_id, prompt, status, status_reason) values ($1, $2, $2, 'p', $3, $4)",
        [task, user, status, reason],
      );
    }

    await runMigrations(file.db);

    const rows = (await file.pool.query("select status, status_reason, failure_kind from tasks_runs where user_id = $1", [user])).rows;
    expect(rows.map((r) => [r.status, r.status_reason, r.failure_kind])).toEqual(expect.arrayContaining(ENDED));
    expect(rows).toHaveLength(ENDED.length);
  });
});
