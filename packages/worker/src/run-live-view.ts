import { createAddressPolicy, createLiveBrowser, createTakeover, type Takeover } from "@errand/agent";
import type { RunController } from "@errand/contract";
import type { LiveRuns } from "@errand/services/live";
import type { BrowserContext } from "playwright-core";

/** A person's turn ends by itself after this long, so a forgotten take-over cannot hold a run. */
export const TAKEOVER_MAX_MS = 10 * 60_000;

export interface RunLiveView {
  takeover: Takeover;
  /** Tells viewers the run ended and removes it from the registry. */
  end(message: string): void;
}

/**
 * Offers a running run to viewers (watch only) and lets its owner take control: the agent
 * pauses while the person acts, and resumes when they hand back (or after TAKEOVER_MAX_MS).
 */
export async function offerRunLive(args: {
  runs: LiveRuns;
  runId: string;
  userId: string | null;
  workspaceId: string;
  context: BrowserContext;
  network: { allowPrivate?: boolean; allowHosts?: string[] };
}): Promise<RunLiveView> {
  const takeover = createTakeover();
  const live = await createLiveBrowser(args.context, { policy: createAddressPolicy(args.network), interactive: false, resizable: false });
  let controller: RunController = "agent";
  let turn: NodeJS.Timeout | undefined;
  const setController = (next: RunController) => {
    if (next === controller) return;
    controller = next;
    clearTimeout(turn);
    if (next === "person") {
      takeover.take();
      live.setInteractive(true);
      live.notice("You are in control. The agent is paused until you hand back.");
      turn = setTimeout(() => {
        live.notice(`Control went back to the agent after ${TAKEOVER_MAX_MS / 60_000} minutes.`);
        setController("agent");
      }, TAKEOVER_MAX_MS);
      turn.unref();
    } else {
      // What the person did just before handing back is applied before the agent looks again.
      const applied = live.setInteractive(false);
      live.notice("The agent has control again.");
      void applied.then(() => {
        if (controller === "agent") takeover.release();
      });
    }
  };
  const unregister = args.runs.register({
    runId: args.runId,
    userId: args.userId,
    workspaceId: args.workspaceId,
    live,
    controller: () => controller,
    setController,
  });
  return {
    takeover,
    end(message) {
      clearTimeout(turn);
      takeover.release();
      unregister();
      live.end("finished", message);
    },
  };
}
