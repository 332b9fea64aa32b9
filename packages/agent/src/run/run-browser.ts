import type { Dialog } from "playwright-core";
import { handleDialog } from "../act/dialogs.ts";
import { createActivityTracker } from "../act/settle.ts";
import type { ActivityTracker } from "../act/settle.ts";
import { createDownloadKeeper } from "../loop/download-keeper.ts";
import type { DownloadKeeper } from "../loop/download-keeper.ts";
import { createTabKeeper } from "../loop/tab-keeper.ts";
import type { TabKeeper } from "../loop/tab-keeper.ts";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { installNetworkGuard } from "../safety/network/network-guard.ts";
import type { NetworkGuard } from "../safety/network/network-guard.ts";
import type { AgentInput } from "../types/agent.ts";
import type { RunBooks } from "./start-run.ts";

/** The run's hold on the browser context: the guard, the tabs, dialogs and downloads; dispose lets go of them all. */
export interface RunBrowser {
  guard: NetworkGuard;
  tracker: ActivityTracker;
  tabs: TabKeeper;
  downloads: DownloadKeeper;
  dispose(): Promise<void>;
}

/**
 * Sets the context up for the run: the network guard on every tab, an activity tracker (when the
 * page has settled), the tab the agent works in, dialogs answered as answer_dialog chose (else
 * safely: a confirm() is cancelled; the model is told what they said), and downloads kept under
 * input.downloads.dir or cancelled (the model hears of each by its name, never its path).
 */
export async function prepareBrowser(input: AgentInput, policy: AddressPolicy, run: RunBooks): Promise<RunBrowser> {
  const { context } = input;
  const notes = run.state.notes;
  const first = context.pages()[0] ?? (await context.newPage());
  const guard = await installNetworkGuard(context, policy);
  const tracker = createActivityTracker(context);
  const tabs = createTabKeeper(context, first, (page) => guard.watch(page));
  const onDialog = (dialog: Dialog) => void notes.push(handleDialog(context, dialog, run.redactor.redact));
  context.on("dialog", onDialog);
  const downloads = createDownloadKeeper(context, { settings: input.downloads, note: (text) => void notes.push(text) });
  const cleanup = [
    () => downloads.dispose(),
    () => guard.dispose(),
    async () => tracker.dispose(),
    async () => tabs.dispose(),
    async () => void context.off("dialog", onDialog),
  ];
  return {
    guard,
    tracker,
    tabs,
    downloads,
    async dispose() {
      for (const fn of cleanup) await fn().catch(() => {});
    },
  };
}
