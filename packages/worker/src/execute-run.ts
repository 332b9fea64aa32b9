import { createCaptchaSolver, runAgent, type AgentResult, type AgentStep } from "@errand/agent";
import { MAX_STEPS_CEILING } from "@errand/contract";
import {
  checkRunCaps,
  claimRun,
  clearNeedsPerson,
  finishRun,
  markNeedsPerson,
  runLimits,
  type FinishRunInput,
} from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { takeRunMessages } from "@errand/services/run-messages";
import { withLogContext } from "@errand/services/logging";
import { inSpan, inTransactionSpan, type SpanHandle } from "@errand/services/tracing";
import { keepRunRecords, type RunRecords } from "./keep-run-records.ts";
import { keepSteps } from "./keep-steps.ts";
import { openRunBrowser, prepareRun, releaseRun, runNetwork, type ClaimedRun, type HeldByRun, type PreparedRun } from "./prepare-run.ts";
import { startSessionRecording } from "./record-session.ts";
import { keepLoginAlive } from "./saved-login.ts";
import { claimedRunAttributes, traceRunEnd, traceStep } from "./trace-run.ts";
import { lastStepNotes, verifyRun } from "./verify-run.ts";
import { watchRun } from "./watch-run.ts";
import { runApproval } from "./run-approval.ts";
import type { WorkerDeps } from "./worker-deps.ts";

export type { WorkerDeps } from "./worker-deps.ts";

/** How a run ended: what finishRun is told. */
type RunEnd = { status: FinishRunInput["status"]; fields: Omit<FinishRunInput, "runId" | "status"> };

const SHUTDOWN_REASON =
  "The worker was shut down while this run was in progress. It is retried only when its task asks for it, because a task may have side effects.";
const INTERNAL_ERROR_REASON = "The run stopped because of an internal error. It was not charged.";

/**
 * Runs one queued run: claim it (only one worker can), drive the agent in a fresh browser
 * context, record each step with its screenshot, then finish it exactly once.
 * `shutdown` aborts the work when this process is stopping. Every line it logs carries the run's id,
 * and with tracing on it is one `run` span with a span per step (docs/adr/0050-run-traces.md).
 */
export function executeRun(deps: WorkerDeps, runId: string, shutdown: AbortSignal): Promise<void> {
  return withLogContext({ runId }, () => inSpan("run", { "errand.run.id": runId }, (span) => execute(deps, runId, shutdown, span)));
}

/** Claim, prepare, open the browser, drive the agent, keep its steps, finish; whatever happens, release what the run held. */
async function execute(deps: WorkerDeps, runId: string, shutdown: AbortSignal, span: SpanHandle): Promise<void> {
  const { ctx } = deps;
  // Viewers asking for this run while its browser opens wait for it instead of being refused.
  const unexpect = deps.liveRuns?.expect(runId);
  const run = await claimRun({ ctx, input: { runId } });
  if (!run) return void unexpect?.(); // cancelled before it started, or another worker has it
  span.set(claimedRunAttributes(run));
  ctx.log.info("run started"); // the run's id comes with every line logged inside executeRun

  const watch = watchRun(deps, runId, shutdown);
  const held: HeldByRun = {};
  const steps = keepSteps(deps, runId, () => held.runFiles);
  const lastSteps = lastStepNotes();
  const records = keepRunRecords(deps, runId);
  let endMessage = "The run has finished.";
  try {
    const prepared = await prepareRun(deps, run, held);
    if ("problem" in prepared)
      return void (await finish(
        ctx,
        span,
        runId,
        {
          status: "error",
          fields: { reason: prepared.problem, failureKind: prepared.failureKind, executionTime: 0 },
        },
        records,
      ));
    const context = await openRunBrowser(deps, run, prepared, held);
    records.watch(context, prepared);
    held.recorder = await startSessionRecording(deps, run, prepared, context);
    const onStep = (step: AgentStep) => {
      lastSteps.add(step);
      steps.add(step);
      held.recorder?.mark(step);
      traceStep(span, step, run.model);
      records.step(step, run.model);
    };
    const onSecret = (values: string[]) => {
      records.hide(values);
      held.recorder?.hide(values);
    };
    const driven = await driveAgent(deps, run, prepared, held, { signal: watch.signal, onStep, onSecret });
    await steps.settled();
    const { result, verification } = await verifyRun(deps, run, prepared, driven, lastSteps.notes, watch.signal);
    if (prepared.login) await keepLoginAlive(ctx, run.workspaceId, prepared.login, context, runId);
    await held.recorder?.store();
    endMessage = result.status === "success" ? "The run has finished." : "The run has ended.";
    const end = runEnd(result, prepared, watch.signal.reason === "shutdown");
    await finish(ctx, span, runId, { ...end, fields: { ...end.fields, verification } }, records);
  } catch (error) {
    await steps.drained();
    await held.recorder?.store();
    ctx.log.error("run failed with a system error", { runId, error });
    await finish(ctx, span, runId, { status: "error", fields: { reason: INTERNAL_ERROR_REASON, failureKind: "internal" } }, records);
  } finally {
    watch.dispose();
    held.liveView?.end(endMessage);
    unexpect?.();
    await releaseRun(held);
  }
}

/** The agent on the run's task in its browser, within its limits; steps go to `onStep`, a person's turn to the run's page. */
function driveAgent(
  deps: WorkerDeps,
  run: ClaimedRun,
  prepared: PreparedRun,
  held: HeldByRun,
  hooks: { signal: AbortSignal; onStep: (step: AgentStep) => void; onSecret: (values: string[]) => void },
) {
  const { ctx } = deps;
  return runAgent({
    task: { prompt: run.prompt, initialUrl: run.initialUrl, responseFormat: run.responseFormat, jsonSchema: run.jsonSchema ?? undefined },
    model: prepared.model,
    vision: prepared.vision,
    context: held.context!,
    // A run with a step cap is stopped by checkCaps, which names the cap, before the agent's own ceiling.
    limits: { ...runLimits(run), personWaitMs: deps.personWaitMs, ...(run.maxSteps !== null && { maxSteps: MAX_STEPS_CEILING + 1 }) },
    checkCaps: (usage) => checkRunCaps({ ctx, input: { runId: run.id, usage } }),
    network: runNetwork(deps, run),
    signal: hooks.signal,
    takeover: held.liveView?.takeover,
    captchaSolver: deps.captchaSolver ? createCaptchaSolver(deps.captchaSolver) : undefined,
    record: prepared.plan.record,
    replay: prepared.plan.replay ?? undefined,
    credentials: prepared.credentials,
    // What the run learns (an e-mailed sign-in link) is hidden in its HAR and recording too (docs/adr/0051-run-har-trace-bundle.md).
    onSecret: hooks.onSecret,
    keepFinalPage: run.checks !== null,
    approval: runApproval(deps, run),
    // What people tell the agent, read before each step (docs/adr/0049-messages-and-allowed-domains.md).
    messages: (step) => takeRunMessages({ ctx, input: { runId: run.id, step } }),
    files: prepared.runFiles.files,
    downloads: prepared.runFiles.downloads,
    onEvent: async (event) => {
      // The run page shows a banner and the webhooks hear of it while the run waits for a person.
      if (event.type === "needs_person") return void (await markNeedsPerson({ ctx, input: { runId: run.id, reason: event.reason } }));
      if (event.type === "person_done") return void (await clearNeedsPerson({ ctx, input: { runId: run.id } }));
      if (event.type === "step") hooks.onStep(event.step);
    },
  });
}

/** How the run ends after the agent: its status, result and tokens, and how it went (replayed, repaired, recorded). */
function runEnd(result: AgentResult, prepared: PreparedRun, stoppedByShutdown: boolean): RunEnd {
  const { plan } = prepared;
  return {
    status: stoppedByShutdown ? "error" : result.status,
    fields: {
      result: result.result,
      reason: stoppedByShutdown ? SHUTDOWN_REASON : result.reason,
      ...(stoppedByShutdown ? { failureKind: "interrupted" as const } : result.failureKind && { failureKind: result.failureKind }),
      inputTokens: result.inputTokens,
      outputTokens: result.outputTokens,
      executionTime: result.durationMs / 1000,
      execution: {
        kind: result.execution?.kind ?? "agent",
        recordingVersion: plan.replay?.recording.version ?? null,
        repairedSteps: result.execution?.repairedSteps ?? [],
        note: [plan.note, result.execution?.note].filter(Boolean).join(" ") || null,
        recording: stoppedByShutdown ? null : (result.recording ?? null),
      },
    },
  };
}

/** Ends the run; a retry its task asks for is decided with the end (docs/adr/0045-durable-retries.md). */
async function finish(ctx: ServiceContext, span: SpanHandle, runId: string, { status, fields }: RunEnd, records: RunRecords) {
  // The HAR and the trace are kept first: whoever hears of the end can download them (docs/adr/0051-run-har-trace-bundle.md).
  await records.beforeEnd({ status, ...fields });
  const finished = await inTransactionSpan("finish run", () => finishRun({ ctx, input: { runId, status, ...fields } }));
  traceRunEnd(span, finished, status);
  // No prompt, result or reason: they may quote the pages the agent saw.
  ctx.log.info("run ended", { runId, status, seconds: fields.executionTime ?? null });
}
