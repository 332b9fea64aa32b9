import type { RunTrace } from "@errand/contract";
import { tasks } from "@errand/db";
import { createCredential } from "@errand/services/credentials";
import { createRunForTask } from "@errand/services/runs";
import { testCaller } from "@errand/services/testing";
import { startTracing, type Tracing } from "@errand/services/tracing";
import {
  currentVaultCode,
  startImapServer,
  startOtlpReceiver,
  startSmtpCapture,
  VAULT_USER,
  type OtlpReceiver,
  type ReceivedSpan,
} from "@errand/testkit";
import nodemailer from "nodemailer";
import { pollFor } from "@errand/testkit/testing";
import { describe, expect, vi } from "vitest";
import { storedRecords } from "./testing/stored-records.ts";
import { TEST_MODEL_API_KEY, workerTest, type TestWorker } from "./testing/test-worker.ts";
import { storedSessionRecording } from "./testing/stored-session-recording.ts";
import { startWebhookReceiver } from "./testing/webhook-receiver.ts";
import { totpFromBase32 } from "@errand/agent";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
// This file's worker exports traces to a collector on loopback (docs/adr/0050-run-traces.md), set up before
// the worker starts, posts webhooks to a receiver on loopback, and reads e-mailed codes from a loopback
// IMAP mailbox fed through SMTP.
const it = workerTest
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none here.
  .extend("receivers", { scope: "file" }, async ({}, { onCleanup }) => {
    const receiver = await startOtlpReceiver();
    const tracing = startTracing({ endpoint: receiver.url, serviceName: "errand-worker-test", scheduledDelayMs: 50 })!;
    const hooks = await startWebhookReceiver();
    const smtp = await startSmtpCapture();
    const imap = await startImapServer({ smtp, accounts: { [MAILBOX.user]: MAILBOX.password } });
    onCleanup(async () => {
      await tracing.shutdown();
      await Promise.all([receiver.close(), hooks.close(), imap.close(), smtp.close()]);
    });
    return { otlp: { receiver, tracing }, hooks, mail: { smtp, imap } };
  })
  .extend("workerOptions", ({ receivers }) => ({
    allowHosts: [receivers.hooks.host, `${receivers.mail.imap.host}:${receivers.mail.imap.port}`],
  }));
const MAILBOX = { user: "codes@vault.test", password: "mailbox-app-pass-42" };
let harness: TestWorker;
let otlp: { receiver: OtlpReceiver; tracing: Tracing };
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let mail: { smtp: Awaited<ReturnType<typeof startSmtpCapture>>; imap: Awaited<ReturnType<typeof startImapServer>> };
it.beforeAll(({ worker, receivers }) => {
  [harness, { otlp, hooks, mail }] = [worker, receivers];
});

describe("worker: vault credentials", () => {
  it("gives a run the credentials its task names: the agent signs in with a code e-mailed to the credential's mailbox, and no value reaches the model, the steps or the trace", async () => {
    const { model, sites } = harness;
    const prompt = "Sign in to Vault Co with the saved credential";
    const signIn = scriptVaultSignIn(model, prompt);
    const { user, task, run } = await runWithCredential({
      credential: { name: "vault-co", username: VAULT_USER.username, password: VAULT_USER.password, from: "no-reply@vault.test" },
      prompt,
      settings: { initial_url: `${sites.url}/vault/login`, webhook_url: hooks.url },
    });
    const { run: ended, steps } = await harness.waitForEnd(user.id, run.id, 60_000);
    await signIn.mailed();
    const code = signIn.code();
    expect(ended).toMatchObject({ status: "success" });
    const status = (await (await fetch(`${sites.url}/vault/status`)).json()) as { signed_in: boolean };
    expect(status.signed_in).toBe(true);
    const recorded = JSON.stringify(steps);
    expect(recorded).toContain("Typed the password of vault-co");
    expect(recorded).toContain("Typed the code e-mailed to the mailbox of vault-co");
    // The worker's model API key went to the model, and only there (checked below in the trace, HAR and recording).
    expect(model.requests.some((r) => r.headers.authorization === `Bearer ${TEST_MODEL_API_KEY}`)).toBe(true);
    expect(recorded).not.toContain(TEST_MODEL_API_KEY);
    for (const secret of [VAULT_USER.password, code, "Your verification code", MAILBOX.password]) {
      expect(recorded).not.toContain(secret);
      for (const r of model.requests) expect(r.raw).not.toContain(secret);
    }
    // The run's tail (closing its browser) ends before the harness drops the database.
    await expect.poll(() => harness.worker.active(), { timeout: 10_000 }).toBe(0);

    await expectSessionRecording(run.id, steps, [code]);

    const spans = await exportedSpans(run.id);
    expectRunTrace(spans, { runId: run.id, taskId: task!.id, workspaceId: user.id, steps: steps.length });
    const exported = otlp.receiver.bodies.join("\n");
    for (const secret of [VAULT_USER.password, code, MAILBOX.password, TEST_MODEL_API_KEY, "{{secret:", "Sign in to Vault Co with"])
      expect(exported).not.toContain(secret);

    // The run's HAR and its trace as JSON are kept with it (docs/adr/0051-run-har-trace-bundle.md).
    await expectRecordsKept(run.id, { traceId: spans.find((span) => span.name === "run")!.traceId, steps: steps.length });
  });

  // navigate opens it in the run's tab, open_tab in a new one: the same rules either way.
  it.for(["navigate", "open_tab"] as const)(
    "opens a sign-in link the site e-mailed itself (%s): the link is in no step, model request, HAR, trace or recording",
    async (tool) => {
      const { model, sites } = harness;
      sites.mailThrough(mail.smtp);
      const prompt = `Sign in to Postbox with the saved credential (${tool})`;
      scriptPostboxLink(model, prompt, tool);
      const { user, run } = await runWithCredential({
        credential: { name: "postbox", username: MAILBOX.user, password: "unused-postbox-pass", from: "no-reply@postbox.test" },
        prompt,
        settings: { initial_url: `${sites.url}/postbox/login` },
      });
      const { run: ended, steps } = await harness.waitForEnd(user.id, run.id, 60_000);
      expect(ended).toMatchObject({ status: "success" });
      const status = (await (await fetch(`${sites.url}/postbox/status`)).json()) as { signed_in: string[] };
      expect(status.signed_in).toContain(`${MAILBOX.user} by link`);
      await expect.poll(() => harness.worker.active(), { timeout: 10_000 }).toBe(0);

      const mailed = mail.smtp
        .messages()
        .filter((m) => m.subject === "Your Postbox sign-in link")
        .at(-1)!;
      const link = /https?:\/\/\S+\/postbox\/magic\?token=[\w-]+/.exec(mailed.text ?? "")![0];
      const token = new URL(link).searchParams.get("token")!;
      const records = await storedRecords(harness.storage, run.id);
      // The browser did open it: the HAR has the exchange, with the link masked.
      expect(records.har.log.entries.map((entry) => `${entry.request.method} ${entry.request.url} ${entry.response.status}`)).toContain(
        `GET [masked] 303`,
      );
      const recording = await storedSessionRecording(harness.storage, run.id);
      // The page the link led to was recorded (in the tab it was opened in), with the link kept out.
      expect(recording?.text).toContain("Welcome to Postbox");
      for (const secret of [link, token, "Your Postbox sign-in link", MAILBOX.password]) {
        expect(JSON.stringify(steps)).not.toContain(secret);
        for (const r of model.requests) expect(r.raw).not.toContain(secret);
        expect(records.harText).not.toContain(secret);
        expect(records.traceText).not.toContain(secret);
        expect(recording?.text ?? "").not.toContain(secret);
      }
    },
  );
});

/**
 * A new person's vault credential (for the fixture sites' host, reading codes from this file's
 * mailbox), a task naming it, and a run of that task with these settings, handed to the worker.
 */
async function runWithCredential(options: {
  credential: { name: string; username: string; password: string; from: string };
  prompt: string;
  settings: { initial_url: string; webhook_url?: string };
}) {
  const { ctx, db, sites } = harness;
  const { credential, prompt, settings } = options;
  const user = await harness.newUser();
  const caller = testCaller(user.id);
  const { from, ...login } = credential;
  const mailbox = { host: mail.imap.host, port: mail.imap.port, tls: false, ...MAILBOX, from };
  await createCredential({ ctx, caller, input: { ...login, domains: [new URL(sites.url).hostname], mailbox } });
  const [task] = await db
    .insert(tasks)
    .values({ userId: user.id, workspaceId: user.id, prompt, credentialNames: [credential.name] })
    .returning();
  const run = await createRunForTask({ ctx, caller, input: { taskId: task!.id, settings: { prompt, ...settings } } });
  return { user, task: task!, run };
}

/**
 * The scripted model's answers to the run of `prompt` (any other run's calls hang): `answer` reads
 * the newest page state, with `index` finding the element whose line matches a pattern.
 */
function respondTo(
  model: typeof harness.model,
  prompt: string,
  answer: (state: string, index: (pattern: RegExp) => number) => ReturnType<Parameters<typeof model.setResponder>[0]>,
) {
  model.setResponder((req) => {
    if (!req.messages.some((m) => m.text.includes(prompt))) return { hang: true };
    const state = req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
    const index = (pattern: RegExp) => Number(new RegExp(`\\[(\\d+)\\]<[^\\n]*?${pattern.source}`).exec(state)?.[1]);
    return answer(state, index);
  });
}

/**
 * The scripted model of the Postbox sign-in: its e-mail address, "Send me a link", then the link
 * the site mailed (through real SMTP to the IMAP mailbox) opened from the vault with `tool`.
 */
function scriptPostboxLink(model: typeof harness.model, prompt: string, tool: "navigate" | "open_tab") {
  respondTo(model, prompt, (state, index) => {
    if (state.includes("Sign in to Postbox"))
      return {
        toolCalls: [
          { name: "type", arguments: { index: index(/type=email/), text: "{{secret:postbox.username}}" } },
          { name: "click", arguments: { index: index(/Send me a link/) } },
        ],
      };
    // The page's own title: after open_tab, the tab list still names the first tab "Check your e-mail".
    if (state.includes('Title: "Check your e-mail"'))
      return { toolCalls: [{ name: tool, arguments: { url: "{{secret:postbox.email_link}}" } }] };
    return { toolCalls: [{ name: "done", arguments: { success: true, text: "Signed in." } }] };
  });
}

/**
 * The scripted model of the Vault Co sign-in: username and password from the vault, then the code
 * Vault Co e-mails (sent through real SMTP as the code page shows) typed from the mailbox.
 */
function scriptVaultSignIn(model: typeof harness.model, prompt: string) {
  let mailed: Promise<unknown> = Promise.resolve();
  let code = "";
  respondTo(model, prompt, (state, index) => {
    if (state.includes("Sign in to Vault Co")) {
      return {
        toolCalls: [
          { name: "type", arguments: { index: index(/type=email/), text: "{{secret:vault-co.username}}" } },
          { name: "type", arguments: { index: index(/type=password/), text: "{{secret:vault-co.password}}" } },
          { name: "click", arguments: { index: index(/Continue/) } },
        ],
      };
    }
    if (state.includes("Two-step verification")) {
      // Vault Co's code goes out by e-mail, through real SMTP, as the code page shows.
      code = currentVaultCode();
      const transport = nodemailer.createTransport({ host: "127.0.0.1", port: mail.smtp.port, secure: false, ignoreTLS: true });
      mailed = transport
        .sendMail({
          from: "no-reply@vault.test",
          to: MAILBOX.user,
          subject: "Your Vault Co code",
          text: `Your verification code is ${code}.`,
        })
        .finally(() => transport.close());
      return {
        toolCalls: [
          { name: "type", arguments: { index: index(/name="?code/), text: "{{secret:vault-co.email_code}}", press_enter: true } },
        ],
      };
    }
    return { toolCalls: [{ name: "done", arguments: { success: true, text: "Signed in." } }] };
  });
  return { mailed: () => mailed, code: () => code };
}

/** The run's session recording shows the pages, places each step, and holds no secret (docs/adr/0047-session-recordings.md). */
async function expectSessionRecording(runId: string, steps: { number: number }[], typed: string[]) {
  const stored = await storedSessionRecording(harness.storage, runId);
  expect(stored?.recording).toMatchObject({ run_id: runId, tabs: 1, cut: false, note: null });
  const { recording, text } = stored!;
  expect(recording.steps.map((step) => step.number)).toEqual(steps.map((step) => step.number));
  // rrweb's full snapshots (type 2) of the sign-in page and of the two-step page.
  expect(recording.events.filter((event) => event.type === 2).length).toBeGreaterThanOrEqual(2);
  expect(text).toContain("Sign in to Vault Co");
  expect(text).toContain("Two-step verification");
  const codes = [-1, 0, 1, 2].map((k) => totpFromBase32(VAULT_USER.totpSecret, new Date(recording.started_at + k * 30_000)));
  for (const secret of [VAULT_USER.password, VAULT_USER.totpSecret, ...codes, ...typed, TEST_MODEL_API_KEY])
    expect(text).not.toContain(secret);
}

/** The spans of the run's trace and of its webhook delivery, once both have reached the collector. */
async function exportedSpans(runId: string): Promise<ReceivedSpan[]> {
  const spansOf = (): ReceivedSpan[] => {
    const run = otlp.receiver.spans.find((span) => span.name === "run" && span.attributes["errand.run.id"] === runId);
    return otlp.receiver.spans.filter((span) => span.traceId === run?.traceId || span.attributes["errand.run.id"] === runId);
  };
  return pollFor(
    async () => (await otlp.tracing.flush(), spansOf()),
    (spans) => spans.some((span) => span.name === "run") && spans.some((span) => span.name === "webhook delivery"),
    { timeout: 15_000, interval: 100, message: "the run's trace and its webhook delivery never reached the collector" },
  );
}

/** A `run` span with the run's ids, one `step` child per step, and under each the page read, the model call and the actions. */
function expectRunTrace(spans: ReceivedSpan[], expected: { runId: string; taskId: string; workspaceId: string; steps: number }) {
  const run = spans.find((span) => span.name === "run")!;
  // pg-boss traces its jobs too: the run is a child of the queue job that carried it.
  expect(spans.find((span) => span.spanId === run.parentSpanId)?.name).toBe("process run");
  expect(run.resource["service.name"]).toBe("errand-worker-test");
  expect(run.attributes).toMatchObject({
    "errand.run.id": expected.runId,
    "errand.task.id": expected.taskId,
    "errand.workspace.id": expected.workspaceId,
    "errand.run.status": "success",
    "gen_ai.request.model": expect.any(String),
  });
  expect(run.attributes["gen_ai.usage.input_tokens"]).toBeGreaterThan(0);
  const steps = spans
    .filter((span) => span.name === "step")
    .sort((a, b) => Number(a.attributes["errand.step.number"]) - Number(b.attributes["errand.step.number"]));
  expect(steps).toHaveLength(expected.steps);
  expect(steps.map((step) => [step.traceId, step.parentSpanId])).toEqual(steps.map(() => [run.traceId, run.spanId]));
  // The first step typed the username and password and clicked: names only, as the agent ran them.
  expect(steps[0]!.attributes["errand.step.actions"]).toEqual(["type", "type", "click"]);
  for (const step of steps) {
    const children = spans.filter((span) => span.parentSpanId === step.spanId);
    const names = ["browser observe", `chat ${run.attributes["gen_ai.request.model"]}`, "browser act"];
    // By name: spans ended in one batch may reach the collector in any order.
    expect(children.map((span) => span.name).sort()).toEqual([...names].sort());
    const model = children.find((span) => span.name === names[1])!;
    expect(model.attributes["gen_ai.usage.input_tokens"]).toBeGreaterThan(0);
    expect(model.attributes["errand.model.latency_ms"]).toBeGreaterThanOrEqual(0);
    // Each part lies within its step.
    for (const child of children) expect(child.startNanos >= step.startNanos && child.endNanos <= step.endNanos).toBe(true);
  }
  // The run's database transactions and file writes are spans under it, named by what they do (docs/adr/0051-run-har-trace-bundle.md).
  const underRun = (name: string, attribute: string) =>
    spans.filter((span) => span.name === name && span.parentSpanId === run.spanId).map((span) => span.attributes[attribute]);
  expect(underRun("db transaction", "db.operation.name").sort()).toEqual([...steps.map(() => "record step"), "finish run"].sort());
  expect(underRun("file write", "errand.file.kind")).toEqual(expect.arrayContaining(["screenshot", "har", "trace"]));
  const delivery = spans.find((span) => span.name === "webhook delivery")!;
  expect(delivery.attributes).toMatchObject({
    "errand.run.id": expected.runId,
    "http.response.status_code": 204,
    "errand.webhook.delivered": true,
  });
}

/** The trace kept with the run: the same tree as the export (run, steps, their parts) and each step's time split for the waterfall. */
function expectTraceJson(trace: RunTrace, expected: { runId: string; traceId: string; steps: number }) {
  expect(trace).toMatchObject({ run_id: expected.runId, trace_id: expected.traceId, status: "success" });
  const stepSpans = trace.spans.filter((span) => span.name === "step");
  expect(stepSpans).toHaveLength(expected.steps);
  expect(stepSpans.every((span) => span.parent_span_id === "run")).toBe(true);
  for (const step of stepSpans)
    expect(
      trace.spans
        .filter((span) => span.parent_span_id === step.span_id)
        .map((span) => span.name.split(" ")[0])
        .sort(),
    ).toEqual(["browser", "browser", "chat"]);
  expect(trace.steps).toHaveLength(expected.steps);
  for (const step of trace.steps) {
    expect(step.model_ms).toBeGreaterThanOrEqual(0);
    expect(step.model_ms + step.browser_ms + step.waiting_ms).toBeCloseTo(step.duration_ms, 0);
  }
}

/** The run's HAR (the sign-in's exchanges, no cookie or credential header) and trace JSON, neither holding a secret. */
async function expectRecordsKept(runId: string, expected: { traceId: string; steps: number }) {
  const records = await storedRecords(harness.storage, runId);
  const entries = records.har.log.entries;
  const exchanges = entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname} ${entry.response.status}`);
  expect(exchanges).toEqual(
    expect.arrayContaining(["GET /vault/login 200", "POST /vault/login 200", "POST /vault/verify 303", "GET /vault/home 200"]),
  );
  const headerNames = entries.flatMap((entry) => [...entry.request.headers, ...entry.response.headers].map((h) => h.name));
  for (const dropped of ["cookie", "set-cookie", "authorization"]) expect(headerNames).not.toContain(dropped);
  expectTraceJson(records.trace, { runId, ...expected });
  for (const secret of [
    VAULT_USER.password,
    encodeURIComponent(VAULT_USER.password),
    VAULT_USER.totpSecret,
    TEST_MODEL_API_KEY,
    "{{secret:",
    "Sign in to Vault Co with",
  ]) {
    expect(records.harText).not.toContain(secret);
    expect(records.traceText).not.toContain(secret);
  }
}
