import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_PENDING_RUNS_PER_ACCOUNT, type FinalRunStatus, type WorkspaceRole } from "@errand/contract";
import { userCredits, webhookDeliveries, type Db } from "@errand/db";
import { createTestUser, dbTest, type TestDatabase } from "@errand/db/testing";
import { startSmtpCapture } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { expect } from "vitest";
import { ALL_SCOPES, type Caller, type CallerScope } from "./caller.ts";
import type { ServiceConfig, ServiceContext } from "./context.ts";
import { silentLogger } from "./logging/logger.ts";
import { createPgBossRunQueue, ensureQueues, type RunQueue } from "./queue/run-queue.ts";
import { createMailer } from "./mail/create-mailer.ts";
import { provisionAccount } from "./accounts/provision-account.ts";
import { CallerCache } from "./accounts/caller-cache.ts";
import { ServiceError } from "./errors.ts";
import { createLocalFileStorage } from "./storage/index.ts";
import { createTaskWithRun } from "./runs/create-task-with-run.ts";
import { finishRun } from "./runs/finish-run.ts";

export { stepRecord } from "./testing-steps.ts";

/** Tests that never create runs need no queue; one that does gets a clear failure. */
const noQueue: RunQueue = {
  enqueueRun: () => Promise.reject(new Error("this test context has no queue: pass one to makeTestContext")),
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
    config: {
      baseUrl: "http://localhost:3000",
      adminEmails: [],
      billingEnabled: true,
      pendingRunsPerAccount: DEFAULT_PENDING_RUNS_PER_ACCOUNT,
      ...config,
    },
    encryptionKey: randomBytes(32),
    log: silentLogger,
    queue,
    mailer:
      parts.mailer ??
      createMailer({ from: "Errand <test@errand.test>", outboxDir: mkdtempSync(path.join(tmpdir(), "errand-outbox-")), log: silentLogger }),
    stripe: parts.stripe,
    network: TEST_NETWORK_RULE,
    callerCache: new CallerCache(),
  };
}

/**
 * The rule of test contexts: ALLOW_PRIVATE_NETWORK off, but the loopback hosts tests run their
 * fixture servers on are let through (any port). A test of the rule itself passes its own.
 */
export const TEST_NETWORK_RULE = { allowPrivate: false, allowHosts: ["127.0.0.1", "localhost", "[::1]"] };

/** A real pg-boss on the test database, with the product's queues. Stop it in afterAll. */
export async function startTestBoss(url: string): Promise<{ boss: PgBoss; queue: RunQueue }> {
  const boss = new PgBoss({ connectionString: url, max: 3 });
  boss.on("error", () => {});
  await boss.start();
  await ensureQueues(boss);
  return { boss, queue: createPgBossRunQueue(boss) };
}

/**
 * vitest's test with the service fixtures on top of the database ones (docs/adr/0028-test-fixtures.md),
 * each set up once per file and only if a test asks: `boss` (a real pg-boss with the product's
 * queues, stopped after the file), `queue` (the run queue on it) and `ctx` (a test context on the
 * file's database and queue, configured by `contextConfig`).
 */
export const serviceTest = dbTest
  .extend("boss", { scope: "file" }, async ({ database }, { onCleanup }) => {
    const { boss } = await startTestBoss(database.url);
    onCleanup(() => boss.stop({ graceful: false }));
    return boss;
  })
  .extend("queue", { scope: "file" }, ({ boss }): RunQueue => createPgBossRunQueue(boss))
  .extend("contextConfig", { scope: "file" }, {} as Partial<ServiceConfig>)
  .extend("ctx", { scope: "file" }, ({ db, contextConfig, queue }) => makeTestContext(db, contextConfig, queue));

/**
 * `serviceTest` whose context mails through real SMTP to the testkit's capture, as in production:
 * `smtp` (the capture) and `mailCtx` (a context with its mailer).
 */
export const mailServiceTest = serviceTest
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none here.
  .extend("smtp", { scope: "file" }, async ({}, { onCleanup }) => {
    const smtp = await startSmtpCapture();
    onCleanup(() => smtp.close());
    return smtp;
  })
  .extend("mailCtx", { scope: "file" }, ({ db, queue, smtp }) => makeTestContext(db, {}, queue, { mailer: testMailer(smtp.url) }));

/** A mailer sending through real SMTP at `smtpUrl` (the testkit's capture), as in production. */
export function testMailer(smtpUrl: string) {
  return createMailer({ smtpUrl, from: "Errand <no-reply@errand.test>", outboxDir: "/nonexistent", log: silentLogger });
}

/**
 * Factory: a user whose account is provisioned as sign-up leaves it (5 free prompts, 0 credits,
 * an API key), with `balance` set instead when given.
 */
export async function createTestAccount(ctx: ServiceContext, balance?: { freePrompts: number; credits: number }) {
  const user = await createTestUser(ctx.db);
  await provisionAccount({ ctx, input: { userId: user.id } });
  if (balance) await ctx.db.update(userCredits).set(balance).where(eq(userCredits.workspaceId, user.id));
  return user;
}

/** Factory: an account for each name (as createTestAccount provisions it), made one after another. */
export async function createTestAccounts<Name extends string>(ctx: ServiceContext, ...names: Name[]) {
  const accounts = {} as Record<Name, Awaited<ReturnType<typeof createTestAccount>>>;
  for (const name of names) accounts[name] = await createTestAccount(ctx);
  return accounts;
}

/**
 * Factory: a task with one run made and ended through the verbs, as a worker leaves it (so its
 * webhook deliveries are queued by the finish): `status` success and `result` "42" unless told.
 * `finishCtx` ends it through another context (say, one whose connection is about to die).
 */
export async function createFinishedRun(
  ctx: ServiceContext,
  userId: string,
  options: { status?: FinalRunStatus; webhookUrl?: string; result?: string; finishCtx?: ServiceContext } = {},
) {
  const webhook = options.webhookUrl ? { webhook_url: options.webhookUrl } : {};
  const { run } = await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p", ...webhook } } });
  const { status = "success", result = "42", finishCtx = ctx } = options;
  await finishRun({ ctx: finishCtx, input: { runId: run.id, status, result, executionTime: 1 } });
  return run;
}

/** Sets a workspace's balance in credits (1/10,000 dollar): a team workspace starts with none (docs/adr/0037-spending-limits.md). */
export async function giveCredits(db: Db, workspaceId: string, credits = 100_000) {
  await db.update(userCredits).set({ credits }).where(eq(userCredits.workspaceId, workspaceId));
}

/** A workspace's balance row, held amounts included (a personal workspace's id is its account's). */
export async function readBalance(db: Db, workspaceId: string) {
  const [row] = await db.select().from(userCredits).where(eq(userCredits.workspaceId, workspaceId));
  return row!;
}

/**
 * A caller for verbs in tests: a person using an API key with every scope in their personal
 * workspace (its id is theirs) as its owner, unless told otherwise.
 */
export function testCaller(
  userId: string,
  options: {
    isAdmin?: boolean;
    via?: Caller["via"];
    scopes?: readonly CallerScope[];
    workspaceId?: string;
    role?: WorkspaceRole;
  } = {},
): Caller {
  return {
    userId,
    isAdmin: options.isAdmin ?? false,
    via: options.via ?? "api-key",
    scopes: options.scopes ?? ALL_SCOPES,
    workspaceId: options.workspaceId ?? userId,
    role: options.role ?? "owner",
  };
}

/** How a verb refused: its code, its message and its problems as { path: message }; the call must fail with a ServiceError. */
export async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const e = error as ServiceError;
  return { code: e.code, message: e.message, fields: Object.fromEntries((e.fields ?? []).map((f) => [f.path, f.message])) };
}

/** The problems a verb reports for its input, as { path: message }; the call must fail with a ServiceError. */
export async function inputProblems(call: Promise<unknown>) {
  return (await refusal(call)).fields;
}

/** Local file storage in a fresh temporary folder, for verbs that keep files. */
export function testFileStorage(name: string, secret: string) {
  return createLocalFileStorage({
    root: mkdtempSync(path.join(tmpdir(), `errand-${name}-`)),
    baseUrl: "http://localhost:3000",
    secret: Buffer.from(secret),
  });
}

/** Ends every webhook delivery still due in the database, so a claim sees only the test's own. */
export const settleDueDeliveries = (db: Db) =>
  db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, leasedUntil: null })
    .where(eq(webhookDeliveries.status, "pending"));

/**
 * A test file with a database of its own (its claims or counts see only its own rows): `it`, and
 * `file`, the database and the context on it from the file's first test on, for the file's helpers.
 */
export function isolatedServiceTest() {
  const it = serviceTest.extend("databaseOptions", { isolated: true });
  const file = {} as { database: TestDatabase; ctx: ServiceContext };
  it.beforeAll(({ database, ctx }) => {
    Object.assign(file, { database, ctx });
  });
  return { it, file };
}
