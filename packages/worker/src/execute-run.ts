import { createCaptchaSolver, localeForCountry, runAgent, type AgentStep, type BrowserManager, type CaptchaSolverOptions } from "@errand/agent";
import { toStepActions } from "@errand/contract";
import { claimRun, clearNeedsPerson, finishRun, heartbeatRun, markNeedsPerson, recordStep, runLimits } from "@errand/services/runs";
import { loadRunCredentials } from "@errand/services/credentials";
import { planRunReplay, type ExecutionReport } from "@errand/services/recordings";
import { resolveRunProxy } from "@errand/services/proxies";
import { stepScreenshotKey, type FileStorage } from "@errand/services/storage";
import type { LiveRuns } from "@errand/services/live";
import type { RunEventListener } from "@errand/services/events";
import type { ServiceContext } from "@errand/services";
import { withLogContext } from "@errand/services/logging";
import { countOpenContext } from "./count-open-context.ts";
import { chooseModel, type LlmSettings } from "./model-settings.ts";
import { offerRunLive, type RunLiveView } from "./run-live-view.ts";
import { prepareRunFiles } from "./run-files.ts";
import { keepLoginAlive, loadSavedLogin } from "./saved-login.ts";

export interface WorkerDeps {
  ctx: ServiceContext;
  events: RunEventListener;
  storage: FileStorage;
  browsers: BrowserManager;
  llm: LlmSettings;
  network: { allowPrivate?: boolean; allowHosts?: string[] };
  proxyUrl?: string;
  /** The captcha solving service (CAPTCHA_SOLVER_*); absent: a challenge is handed to a person. */
  captchaSolver?: CaptchaSolverOptions;
  /** How long a run waits for a person to take control (PERSON_WAIT_SECONDS); default the agent's 10 min. */
  personWaitMs?: number;
  /** How often a running run says it is alive (and learns it was cancelled). */
  heartbeatMs?: number;
  /** Where this process offers its running runs to viewers (watch and take over). */
  liveRuns?: LiveRuns;
}

/**
 * Runs one queued run: claim it (only one worker can), drive the agent in a fresh browser
 * context, record each step with its screenshot, then finish it exactly once.
 * `shutdown` aborts the work when this process is stopping. Every line it logs carries the run's id.
 */
export function executeRun(deps: WorkerDeps, runId: string, shutdown: AbortSignal): Promise<void> {
  return withLogContext({ runId }, () => execute(deps, runId, shutdown));
}

async function execute(deps: WorkerDeps, runId: string, shutdown: AbortSignal): Promise<void> {
  const { ctx } = deps;
  // Viewers asking for this run while its browser opens wait for it instead of being refused.
  const unexpect = deps.liveRuns?.expect(runId);
  const run = await claimRun({ ctx, input: { runId } });
  if (!run) return void unexpect?.(); // cancelled before it started, or another worker has it
  ctx.log.info("run started"); // the run's id comes with every line logged inside executeRun

  const stop = new AbortController();
  const onShutdown = () => stop.abort("shutdown");
  shutdown.addEventListener("abort", onShutdown);
  const unsubscribe = deps.events.subscribe(runId, (event) => {
    if (event.type === "status") stop.abort("ended elsewhere");
  });
  const heartbeat = setInterval(() => {
    heartbeatRun({ ctx, input: { runId } })
      .then((alive) => alive || stop.abort("ended elsewhere"))
      .catch((error: Error) => ctx.log.warn("heartbeat failed", { runId, error }));
  }, deps.heartbeatMs ?? 5_000);

  const finish = async (
    status: "success" | "failed" | "error" | "cancelled",
    fields: { result?: string | null; reason?: string | null; inputTokens?: number; outputTokens?: number; executionTime?: number; execution?: ExecutionReport },
  ) => {
    await finishRun({ ctx, input: { runId, status, ...fields } });
    // No prompt, result or reason: they may quote the pages the agent saw.
    ctx.log.info("run ended", { runId, status, seconds: fields.executionTime ?? null });
  };

  /** A step's screenshot file, its downloads and its row, in that order. */
  const keepStep = async (step: AgentStep) => {
    await runFiles?.keep(step.number, step.downloads);
    let screenshotKey: string | null = null;
    if (step.screenshot) {
      screenshotKey = stepScreenshotKey(runId, step.number, step.screenshotType);
      await deps.storage.put(screenshotKey, step.screenshot, `image/${step.screenshotType}`);
    }
    await recordStep({
      ctx,
      input: {
        runId,
        number: step.number,
        url: step.url,
        // The contract's shape; a call to a tool that does not exist is left out (the step's error names it).
        action: toStepActions(step.actions),
        extractedContent: step.extractedContent,
        success: step.success,
        error: step.error,
        durationMs: step.durationMs,
        inputTokens: step.inputTokens,
        outputTokens: step.outputTokens,
        screenshotKey,
      },
    });
  };
  let stepsKept = Promise.resolve();
  let stepFailure: unknown;

  let context: Awaited<ReturnType<BrowserManager["newContext"]>> | undefined;
  let liveView: RunLiveView | undefined;
  let runFiles: Awaited<ReturnType<typeof prepareRunFiles>> | undefined;
  let endMessage = "The run has finished.";
  try {
    const choice = chooseModel(deps.llm, run.modelProvider, run.model);
    if ("problem" in choice) {
      await finish("error", { reason: choice.problem, executionTime: 0 });
      return;
    }
    // Replay the task's recording, or let the agent work (and record) (ADR 0009).
    const plan = await planRunReplay({ ctx, input: { runId } });
    if (plan.refuse) {
      // Refused when the run was asked for; this is the rare race (the recording changed since): not charged.
      await finish("error", { reason: plan.refuse, executionTime: 0 });
      return;
    }
    const login = await loadSavedLogin(ctx, run);
    // The vault credentials the task names: typed by placeholder, never shown to the model.
    const credentials = await loadRunCredentials({ ctx, input: { runId } });
    // The uploads it was given, on disk for file fields; what sites download is kept with the run.
    runFiles = await prepareRunFiles(ctx, deps.storage, runId);
    // The login's proxy, else one of the run's pool (ADR 0010), else PROXY_URL. None usable: not started, not charged.
    const proxy = await resolveRunProxy({ ctx, input: { runId } });
    if ("problem" in proxy) {
      await finish("error", { reason: `${proxy.problem} The run did not start and was not charged.`, executionTime: 0 });
      return;
    }
    // A browser leaving through a country's proxy speaks that country's language and keeps its time.
    const place = proxy.country ? localeForCountry(proxy.country) : undefined;
    context = await deps.browsers.newContext({
      proxy: proxy.proxy ?? (deps.proxyUrl ? proxyFromUrl(deps.proxyUrl) : undefined),
      locale: place?.locale,
      timezoneId: place?.timezoneId,
      // Enforced on every connection the context makes (the guard proxy), not only on requests.
      network: deps.network,
      storageState: login?.state,
      acceptDownloads: true,
    });
    countOpenContext(ctx.metrics, context);
    if (deps.liveRuns) liveView = await offerRunLive({ runs: deps.liveRuns, runId, userId: run.userId, context, network: deps.network });
    const result = await runAgent({
      task: {
        prompt: run.prompt,
        initialUrl: run.initialUrl,
        responseFormat: run.responseFormat,
        jsonSchema: run.jsonSchema ?? undefined,
      },
      model: choice.model,
      vision: choice.vision,
      context,
      limits: { ...runLimits(run), personWaitMs: deps.personWaitMs },
      network: deps.network,
      signal: stop.signal,
      takeover: liveView?.takeover,
      captchaSolver: deps.captchaSolver ? createCaptchaSolver(deps.captchaSolver) : undefined,
      record: plan.record,
      replay: plan.replay ?? undefined,
      credentials,
      files: runFiles.files,
      downloads: runFiles.downloads,
      onEvent: async (event) => {
        // The run page shows a banner and the webhooks hear of it while the run waits for a person.
        if (event.type === "needs_person") return void (await markNeedsPerson({ ctx, input: { runId, reason: event.reason } }));
        if (event.type === "person_done") return void (await clearNeedsPerson({ ctx, input: { runId } }));
        if (event.type !== "step") return;
        if (stepFailure) throw stepFailure;
        // Kept in order while the agent goes on (the screenshot's file and the step's row are off
        // the step's path); the run ends only once every step is kept.
        const step = event.step;
        ctx.metrics?.stepDuration.observe({}, step.durationMs / 1000);
        stepsKept = stepsKept.then(() => keepStep(step)).catch((error: unknown) => void (stepFailure ??= error));
      },
    });
    await stepsKept;
    if (stepFailure) throw stepFailure;
    if (login) await keepLoginAlive(ctx, run.userId, login, context, runId);
    endMessage = result.status === "success" ? "The run has finished." : "The run has ended.";
    const stoppedByShutdown = stop.signal.reason === "shutdown";
    await finish(stoppedByShutdown ? "error" : result.status, {
      result: result.result,
      reason: stoppedByShutdown ? "The worker was shut down while this run was in progress. It was not retried because a task may have side effects." : result.reason,
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
    });
  } catch (error) {
    await stepsKept;
    ctx.log.error("run failed with a system error", { runId, error });
    await finish("error", { reason: "The run stopped because of an internal error. It was not charged." });
  } finally {
    clearInterval(heartbeat);
    unsubscribe();
    shutdown.removeEventListener("abort", onShutdown);
    liveView?.end(endMessage);
    unexpect?.();
    await context?.close().catch(() => undefined);
    await runFiles?.dispose().catch(() => undefined);
  }
}

/**
 * PROXY_URL as Playwright's proxy settings (the login browser uses it too). Trusted: the operator
 * chose it and may run it on the private network, so its own address is not judged (a pool's is).
 */
export function proxyFromUrl(url: string) {
  const parsed = new URL(url);
  return {
    server: `${parsed.protocol}//${parsed.host}`,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    trusted: true,
  };
}
