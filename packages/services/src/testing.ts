import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "@errand/db";
import PgBoss from "pg-boss";
import type { ServiceConfig, ServiceContext } from "./context.ts";
import { silentLogger } from "./lib/logger.ts";
import { createPgBossRunQueue, ensureQueues, type RunQueue } from "./queue/run-queue.ts";
import { createMailer } from "./mail/create-mailer.ts";

/** Tests that never create runs need no queue; one that does gets a clear failure. */
const noQueue: RunQueue = {
  enqueueRun: () => Promise.reject(new Error("this test context has no queue: pass one to makeTestContext")),
  enqueueWebhook: () => Promise.reject(new Error("this test context has no queue: pass one to makeTestContext")),
};

/**
 * A real service context for tests: the given database, a fresh encryption key, no log noise,
 * mail to a temporary outbox unless a mailer (e.g. SMTP to the testkit's capture) is given.
 */
export function makeTestContext(
  db: Db,
  config: Partial<ServiceConfig> = {},
  queue: RunQueue = noQueue,
  parts: Partial<Pick<ServiceContext, "mailer" | "stripe">> = {},
): ServiceContext {
  return {
    db,
    config: { baseUrl: "http://localhost:3000", adminEmails: [], billingEnabled: true, ...config },
    encryptionKey: randomBytes(32),
    log: silentLogger,
    queue,
    mailer: parts.mailer ?? createMailer({ from: "Errand <test@errand.test>", outboxDir: mkdtempSync(path.join(tmpdir(), "errand-outbox-")), log: silentLogger }),
    stripe: parts.stripe,
  };
}

/** A real pg-boss on the test database, with the product's queues. Stop it in afterAll. */
export async function startTestBoss(url: string): Promise<{ boss: PgBoss; queue: RunQueue }> {
  const boss = new PgBoss({ connectionString: url, max: 3 });
  boss.on("error", () => {});
  await boss.start();
  await ensureQueues(boss);
  return { boss, queue: createPgBossRunQueue(boss) };
}
