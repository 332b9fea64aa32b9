import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { runMigrations } from "../migrate.ts";
import { migrationTest } from "../testing/db-test.ts";
import { webhookDeliveries, webhooks } from "./index.ts";

// A database migrated up to the migration before account webhooks, with a run's webhook
// deliveries in it (one pending, one delivered); then the rest.
const { it, file } = migrationTest("_account_webhooks");

describe("the account webhooks migration", () => {
  it("keeps a run's deliveries as deliveries to its own URL, still one pending per run", async () => {
    // Plain SQL: the tables as they were before the migration.
    const userId = randomUUID();
    await file.pool.query("insert into users (id, name, email) values ($1, 'Old User', $2)", [userId, `old-${userId}@example.test`]);
    const task = await file.pool.query(
      "insert into tasks (user_id, prompt, webhook_url) values ($1, 'p', 'https://hooks.example/a') returning id",
      [userId],
    );
    const run = await file.pool.query(
      "insert into tasks_runs (task_id, user_id, prompt, webhook_url, status) values ($1, $2, 'p', 'https://hooks.example/a', 'success') returning id",
      [task.rows[0].id, userId],
    );
    const runId = run.rows[0].id as string;
    const insertDelivery = (status: string) =>
      file.pool.query(
        "insert into webhook_deliveries (run_id, url, endpoint, trigger, status, next_attempt_at) values ($1, 'https://hooks.example/a', 'https://hooks.example', 'run_finished', $2, $3) returning id",
        [runId, status, status === "pending" ? new Date() : null],
      );
    const delivered = (await insertDelivery("delivered")).rows[0].id as string;
    const pending = (await insertDelivery("pending")).rows[0].id as string;

    await runMigrations(file.db);

    const rows = await file.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, runId));
    expect(rows.map((r) => [r.id, r.status, r.webhookId]).sort()).toEqual(
      [
        [delivered, "delivered", null],
        [pending, "pending", null],
      ].sort(),
    );
    // A second pending delivery to the run's own URL is still refused; one to an account webhook is not.
    await expect(
      file.db.insert(webhookDeliveries).values({
        runId,
        url: "https://hooks.example/a",
        endpoint: "https://hooks.example",
        trigger: "redelivery",
        nextAttemptAt: sql`now()`,
      }),
    ).rejects.toMatchObject({ cause: { constraint: "webhook_deliveries_one_pending_per_run" } });
    const [webhook] = await file.db
      .insert(webhooks)
      .values({ userId, workspaceId: userId, url: "https://hooks.example/b", events: ["run.finished"], secretCiphertext: "sealed" })
      .returning();
    await file.db.insert(webhookDeliveries).values({
      runId,
      webhookId: webhook!.id,
      url: webhook!.url,
      endpoint: "https://hooks.example",
      trigger: "run_finished",
      nextAttemptAt: sql`now()`,
    });
    // Deleting the user takes the webhook and its deliveries with it.
    await file.pool.query("delete from users where id = $1", [userId]);
    expect(await file.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook!.id))).toEqual([]);
  });
});
