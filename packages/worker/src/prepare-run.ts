import { localeForCountry, type BrowserManager } from "@errand/agent";
import { loadRunCredentials } from "@errand/services/credentials";
import { planRunReplay } from "@errand/services/recordings";
import { resolveRunProxy } from "@errand/services/proxies";
import type { claimRun } from "@errand/services/runs";
import { countOpenContext } from "./count-open-context.ts";
import type { WorkerDeps } from "./worker-deps.ts";
import { chooseModel } from "./model-settings.ts";
import { proxyFromUrl } from "./proxy-from-url.ts";
import { prepareRunFiles, type RunFiles } from "./run-files.ts";
import { offerRunLive, type RunLiveView } from "./run-live-view.ts";
import type { SessionRecorder } from "./record-session.ts";
import { loadSavedLogin } from "./saved-login.ts";

export type ClaimedRun = NonNullable<Awaited<ReturnType<typeof claimRun>>>;
type BrowserContext = Awaited<ReturnType<BrowserManager["newContext"]>>;

/** What a run holds while it executes, given back once it ends whatever happened (see releaseRun). */
export interface HeldByRun {
  runFiles?: RunFiles;
  context?: BrowserContext;
  liveView?: RunLiveView;
  recorder?: SessionRecorder;
}

/**
 * Everything the agent needs before a browser opens: the model, the replay plan (ADR 0009), the
 * saved login, the vault credentials, the run's files and its proxy. A `problem` means the run
 * does not start and is not charged; its failure kind says whose it is (docs/adr/0042-failure-kinds.md).
 */
export async function prepareRun(deps: WorkerDeps, run: ClaimedRun, held: HeldByRun) {
  const { ctx } = deps;
  const choice = chooseModel(deps.llm, run.modelProvider, run.model);
  if ("problem" in choice) return { problem: choice.problem, failureKind: "model_error" as const };
  // Replay the task's recording, or let the agent work (and record).
  const plan = await planRunReplay({ ctx, input: { runId: run.id } });
  // Refused when the run was asked for; this is the rare race (the recording changed since): not charged.
  if (plan.refuse) return { problem: plan.refuse, failureKind: "setup_problem" as const };
  const login = await loadSavedLogin(ctx, run);
  // The vault credentials the task names: typed by placeholder, never shown to the model.
  const credentials = await loadRunCredentials({ ctx, input: { runId: run.id } });
  // The uploads it was given, on disk for file fields; what sites download is kept with the run.
  const runFiles = await prepareRunFiles(ctx, deps.storage, run.id);
  held.runFiles = runFiles;
  // The login's proxy, else one of the run's pool (ADR 0010), else PROXY_URL.
  const proxy = await resolveRunProxy({ ctx, input: { runId: run.id } });
  if ("problem" in proxy)
    return { problem: `${proxy.problem} The run did not start and was not charged.`, failureKind: "setup_problem" as const };
  return { model: choice.model, vision: choice.vision, plan, login, credentials, runFiles, proxy };
}

export type PreparedRun = Exclude<Awaited<ReturnType<typeof prepareRun>>, { problem: string }>;

/** The run's browser context (its proxy, the proxy country's language and time, the saved login), offered to live viewers. */
export async function openRunBrowser(deps: WorkerDeps, run: ClaimedRun, prepared: PreparedRun, held: HeldByRun): Promise<BrowserContext> {
  const { proxy } = prepared;
  // A browser leaving through a country's proxy speaks that country's language and keeps its time.
  const place = proxy.country ? localeForCountry(proxy.country) : undefined;
  const context = await deps.browsers.newContext({
    proxy: proxy.proxy ?? (deps.proxyUrl ? proxyFromUrl(deps.proxyUrl) : undefined),
    locale: place?.locale,
    timezoneId: place?.timezoneId,
    // Enforced on every connection the context makes (the guard proxy), not only on requests.
    network: runNetwork(deps, run),
    storageState: prepared.login?.state,
    acceptDownloads: true,
  });
  held.context = context;
  countOpenContext(deps.ctx.metrics, context);
  if (deps.liveRuns)
    held.liveView = await offerRunLive({
      runs: deps.liveRuns,
      runId: run.id,
      userId: run.userId,
      workspaceId: run.workspaceId,
      context,
      network: deps.network,
    });
  return context;
}

/** The address rule of the run's browser: the server's, kept to the run's allowed domains when it has some (docs/adr/0049-messages-and-allowed-domains.md). */
export function runNetwork(deps: WorkerDeps, run: ClaimedRun) {
  return run.allowedDomains ? { ...deps.network, allowedDomains: run.allowedDomains } : deps.network;
}

/** Gives back what the run held once it ended (its live view ended first): the browser context and the files' folder go. */
export async function releaseRun(held: HeldByRun) {
  await held.context?.close().catch(() => undefined);
  await held.runFiles?.dispose().catch(() => undefined);
}
