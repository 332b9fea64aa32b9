import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { runMigrations } from "../migrate.ts";
import { migrationTest } from "../testing/db-test.ts";
import { webhookAttempts, webhookDeliveries } from "./index.ts";

// A database migrated up to the migration before the webhook outbox, with attempts recorded the
// old way (one row per attempt) and a webhook pg-boss was still retrying; then the rest.
const { it, file } = migrationTest("_webhook_outbox");

// Plain SQL: the tables as they were before the migration, whatever columns come later.
async function runWithWebhook(userId: string, url: string) {
  const task = await file.pool.query("insert into tasks (user_id, prompt, webhook_url) values ($1, 'p', $2) returning id", [userId, url]);
  const run = await file.pool.query(
    "insert into tasks_runs (task_id, user_id, prompt, webhook_url, status) values ($1, $2, 'p', $3, 'success') returning id",
    [task.rows[0].id, userId, url],
  );
  return run.rows[0].id as string;
}

describe("the webhook outbox migration", () => {
  it("turns each run's recorded attempts into one delivery, and keeps pg-boss's pending webhooks pending", async () => {
    const user = { id: randomUUID() };
    await file.pool.query("insert into users (id, name, email) values ($1, 'Old User', $2)", [user.id, `old-${user.id}@example.test`]);
    const delivered = await runWithWebhook(user.id, "https://Hooks.Example:443/a?token=x");
    const refused = await runWithWebhook(user.id, "http://169.254.169.254/latest");
    const retrying = await runWithWebhook(user.id, "http://hooks.example:8080/b");
    const queued = await runWithWebhook(user.id, "https://user:pw@hooks.example/c");
    const gaveUp = await runWithWebhook(user.id, "https://down.example/d");
    const attempt = (runId: string, n: number, url: string, status: number | null, error: string | null) =>
      file.pool.query(
        "insert into webhook_deliveries (run_id, attempt, url, status_code, error, duration_ms) values ($1, $2, $3, $4, $5, 10)",
        [runId, n, url, status, error],
      );
    await attempt(delivered, 1, "https://Hooks.Example:443/a?token=x", 500, "Endpoint answered 500");
    await attempt(delivered, 2, "https://Hooks.Example:443/a?token=x", 204, null);
    await attempt(refused, 1, "http://169.254.169.254/latest", null, "Refused: private");
    await attempt(retrying, 1, "http://hooks.example:8080/b", 503, "Endpoint answered 503");
    for (let n = 1; n <= 6; n++) await attempt(gaveUp, n, "https://down.example/d", 500, "Endpoint answered 500");
    // pg-boss's queue as version 10 keeps it: the first two webhooks are done, the others not yet.
    await file.pool.query("create schema pgboss; create table pgboss.job (name text, data jsonb, state text)");
    await file.pool.query(
      "insert into pgboss.job values ('webhook', $1, 'completed'), ('webhook', $2, 'failed'), ('webhook', $3, 'retry'), ('webhook', $4, 'created'), ('run', $4, 'created')",
      [
        JSON.stringify({ runId: delivered }),
        JSON.stringify({ runId: refused }),
        JSON.stringify({ runId: retrying }),
        JSON.stringify({ runId: queued }),
      ],
    );

    await runMigrations(file.db);

    const deliveryOf = async (runId: string) => {
      const rows = await file.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, runId));
      expect(rows).toHaveLength(1);
      const attempts = await file.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, rows[0]!.id))
        .orderBy(asc(webhookAttempts.attempt));
      return { ...rows[0]!, attemptRows: attempts.map((a) => [a.attempt, a.statusCode, a.error]) };
    };
    expect(await deliveryOf(delivered)).toMatchObject({
      status: "delivered",
      endpoint: "https://hooks.example",
      trigger: "run_finished",
      attempts: 2,
      attemptRows: [
        [1, 500, "Endpoint answered 500"],
        [2, 204, null],
      ],
    });
    expect(await deliveryOf(refused)).toMatchObject({
      status: "failed",
      statusReason: "Refused: private",
      attemptRows: [[1, null, "Refused: private"]],
    });
    expect(await deliveryOf(gaveUp)).toMatchObject({
      status: "failed",
      statusReason: "Gave up after 6 attempt(s)",
      attempts: 6,
      finishedAt: expect.any(Date),
    });
    expect(await deliveryOf(retrying)).toMatchObject({
      status: "pending",
      endpoint: "http://hooks.example:8080",
      attempts: 1,
      nextAttemptAt: expect.any(Date),
    });
    expect(await deliveryOf(queued)).toMatchObject({ status: "pending", endpoint: "https://hooks.example", attempts: 0, attemptRows: [] });
    // What pg-boss still held of the webhooks has moved here; other queues are untouched.
    expect((await file.pool.query("select name, state from pgboss.job order by name, state")).rows).toEqual([
      { name: "run", state: "created" },
      { name: "webhook", state: "completed" },
      { name: "webhook", state: "failed" },
    ]);
  });
});
