import type { Page } from "playwright-core";
import type { NetworkGuard } from "../safety/network/network-guard.ts";
import type { ActionRecord, Obstacle, ToolCallRequest } from "../types/actions.ts";
import type { PendingAction } from "../types/replay.ts";
import type { Finish } from "../types/result.ts";
import type { ActionEnv } from "./action-env.ts";
import { isActionName, runAction } from "./run-action.ts";
import { batchFingerprint, settle } from "./settle.ts";
import type { ActivityTracker } from "./settle.ts";

export interface CallResult {
  id: string;
  name: string;
  /** The tool result the model reads. */
  text: string;
  record: ActionRecord;
  /** False when the call was skipped (not run). */
  ran: boolean;
  /** What stood in its way (a refused navigation first), for the run's failure kind. */
  obstacle?: Obstacle;
  /** How the run ends because of this call (no one answered its approval in time). */
  finish?: Finish;
}

/** The approval check's word on a call: go (with what the model reads after the action's own message) or not, and how the run ends. */
export type GateVerdict = { go: true; text: string } | { go: false; text: string; finish?: Finish };
/** Asks a person before an action the run's policy names (loop/approval-gate.ts); null: it needs no approval. */
export type ApprovalGate = (env: ActionEnv, call: ToolCallRequest) => Promise<GateVerdict | null>;

/** Writes down each action as it runs (replay/recorder.ts): what `before` saw is handed to `after`. */
export interface ActionRecorder {
  before(env: ActionEnv, name: string, input: unknown): Promise<PendingAction | null>;
  after(pending: PendingAction | null, ok: boolean, urlAfter: string): void;
}

/** What a batch needs of the run besides the action environment; the caller passes it in. */
export interface BatchDeps {
  tracker: ActivityTracker;
  guard: NetworkGuard;
  /** Writes down each action for replay (docs/adr/0009-record-and-replay.md); absent when the run is not recorded. */
  recorder?: ActionRecorder;
  /** How many downloads the sites started so far (loop/download-keeper.ts): a tab opened only to download a file is not followed. */
  downloads?: { started(): number };
  /** Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md); absent: nothing is asked. */
  approval?: ApprovalGate;
}

/** Actions that already waited for the page (load, scroll, time): no extra frame needed after them. */
const WAITED_ALREADY = new Set(["navigate", "go_back", "open_tab", "switch_tab", "close_tab", "wait", "extract", "scroll"]);
const SKIPPED = "Not run: the page changed after the previous action. Look at the new page state first.";

/**
 * Runs the model's actions in order. After each one the page gets a moment to react; when the
 * URL, the tab or the set of visible interactive elements changed, the rest of the batch is
 * skipped (its indexes may point at the wrong things now).
 */
export async function executeBatch(env: ActionEnv, calls: ToolCallRequest[], deps: BatchDeps): Promise<CallResult[]> {
  const results: CallResult[] = [];
  let stale = false;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    if (!call) continue;
    if (call.invalid !== undefined || !isActionName(call.name)) {
      const error = call.invalid ?? `There is no tool named ${call.name}.`;
      const text = `Invalid call to ${call.name}: ${error} Fix the call and try again.`;
      results.push({ id: call.id, name: call.name, text, ran: false, record: { name: call.name, input: call.input, ok: false, error } });
      continue;
    }
    if (stale || env.signal.aborted) {
      const text = env.signal.aborted ? "Not run: the run is ending." : SKIPPED;
      results.push({
        id: call.id,
        name: call.name,
        text,
        ran: false,
        record: { name: call.name, input: call.input, ok: false, error: text },
      });
      continue;
    }
    const verdict = deps.approval ? await deps.approval(env, call) : null;
    if (verdict && !verdict.go) {
      const record = { name: call.name, input: call.input, ok: false, error: verdict.text };
      results.push({
        id: call.id,
        name: call.name,
        text: verdict.text,
        ran: false,
        record,
        ...(verdict.finish && { finish: verdict.finish }),
      });
      // What the model planned after it assumed the action happened.
      stale = true;
      continue;
    }
    const page = env.page();
    const more = i < calls.length - 1;
    const before = more ? await batchFingerprint(page) : "";
    const pagesBefore = new Set(env.context.pages());
    const downloadsBefore = deps.downloads?.started() ?? 0;

    const pending = deps.recorder ? await deps.recorder.before(env, call.name, call.input) : null;
    const outcome = await runAction(env, call.name, call.input);
    let text = outcome.message + (verdict?.text ?? "");
    const frame = !WAITED_ALREADY.has(call.name);
    await settle(env.page(), deps.tracker, Math.min(1_500, Math.max(0, env.remainingMs() - 200)), { frame });

    let opened = env.context.pages().filter((p) => !pagesBefore.has(p) && !p.isClosed());
    if (opened.length > 0) opened = await withoutDownloadTabs(opened, (deps.downloads?.started() ?? 0) > downloadsBefore);
    if (opened.length > 0 && call.name !== "open_tab") text += await switchToNewTab(env, opened, deps);
    deps.recorder?.after(pending, outcome.ok, env.page().url());
    const blocked = deps.guard.drainBlocked().filter((b) => b.navigation);
    for (const b of blocked) text += ` Navigation to ${b.url} was blocked: ${b.reason}.`;
    const obstacle = blocked.length > 0 ? "navigation_blocked" : outcome.obstacle;

    results.push({
      id: call.id,
      name: call.name,
      text,
      ran: true,
      ...(obstacle && { obstacle }),
      record: {
        name: call.name,
        input: call.input,
        ok: outcome.ok,
        ...(outcome.ok ? {} : { error: outcome.message }),
        ...(outcome.extractedContent !== undefined ? { extractedContent: outcome.extractedContent } : {}),
      },
    });
    if (more) stale = env.page() !== page || (await batchFingerprint(env.page())) !== before;
  }
  return results;
}

const blank = (page: Page) => page.url() === "" || page.url() === "about:blank";

/**
 * A link to a file with target=_blank opens an empty tab that the browser closes once the
 * download starts: new tabs still empty wait a moment to load or close. One that stays empty
 * after the action started a download was opened only for it, and is closed.
 */
async function withoutDownloadTabs(opened: Page[], downloaded: boolean): Promise<Page[]> {
  const deadline = Date.now() + 1_000;
  while (opened.some((p) => !p.isClosed() && blank(p)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const kept: Page[] = [];
  for (const page of opened) {
    if (page.isClosed()) continue;
    if (downloaded && blank(page)) await page.close().catch(() => {});
    else kept.push(page);
  }
  return kept;
}

async function switchToNewTab(env: ActionEnv, opened: Page[], deps: BatchDeps): Promise<string> {
  const page = opened[opened.length - 1];
  if (!page) return "";
  env.setPage(page);
  await page.waitForLoadState("domcontentloaded", { timeout: Math.min(10_000, Math.max(500, env.remainingMs())) }).catch(() => {});
  await settle(page, deps.tracker, 1_000);
  return ` It opened a new tab (tab ${env.context.pages().indexOf(page)}, ${page.url()}); you are now on that tab.`;
}
