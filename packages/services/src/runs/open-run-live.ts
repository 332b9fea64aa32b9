import type { RunController, RunLive } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { findLiveEndpoint } from "../live/live-endpoints.ts";
import { callLiveOwner } from "../live/relay-calls.ts";
import { requireLive, viewerLink } from "../live/viewer-link.ts";
import { ownRun } from "./own-run.ts";

const STARTING_WAIT_MS = 15_000;
const ENDPOINT_POLL_MS = 250;
export const NO_LIVE_BROWSER =
  "This run has no live browser to show right now (its worker process may have stopped). Try again in a moment.";

/** A running run's browser, in this process or relayed to the one executing it (ADR 0013). */
export interface LiveRunHandle {
  controller: RunController;
  /** Hands the browser to the person or back to the agent; answers who has it now. */
  setController(controller: RunController): Promise<RunController>;
}

/**
 * The workspace's run as it executes in this process or another, or a clear reason why it cannot
 * be shown: any member who can read the run may watch it (docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export async function findLiveRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<LiveRunHandle> {
  const live = requireLive(ctx);
  const run = await ownRun(ctx.db, caller, input.runId, { status: tasksRuns.status, startedAt: tasksRuns.startedAt });
  if (run.status !== "pending") throw conflict("This run has ended: there is no live browser to show.");
  // A run this process is starting gets a few seconds to open its browser.
  const found = await live.runs.whenLive(input.runId, STARTING_WAIT_MS);
  if (found && found.workspaceId === caller.workspaceId) {
    return {
      controller: found.controller(),
      async setController(next) {
        found.setController(next);
        return found.controller();
      },
    };
  }
  if (!run.startedAt) throw conflict("This run is waiting for a worker. Try again when it has started.");
  if (!live.relay) throw conflict("This run is executing in a separate worker process, whose browser this server cannot show.");
  // Another process executes it: its row appears once the run's browser is open there.
  const target = { kind: "run" as const, id: input.runId };
  const deadline = Date.now() + STARTING_WAIT_MS;
  let endpoint = await findLiveEndpoint(ctx.db, target);
  while (!endpoint && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, ENDPOINT_POLL_MS));
    endpoint = await findLiveEndpoint(ctx.db, target);
  }
  const status = endpoint && (await callLiveOwner(ctx, endpoint, { kind: "run", id: input.runId, op: "run.status" }));
  if (!endpoint || !status || status.workspaceId !== caller.workspaceId) throw conflict(NO_LIVE_BROWSER);
  return {
    controller: status.controller,
    async setController(controller) {
      const answer = await callLiveOwner(ctx, endpoint, { kind: "run", id: input.runId, op: "run.control", controller });
      if (!answer) throw conflict(NO_LIVE_BROWSER);
      return answer.controller;
    },
  };
}

/** A viewer link for a running run, for any member who can read it; it watches until someone takes control. */
export async function openRunLive(args: CallerVerbArgs<{ runId: string }>): Promise<RunLive> {
  requireScope(args.caller, "read");
  const run = await findLiveRun(args);
  return { ...viewerLink(args.ctx, { kind: "run", id: args.input.runId, owner: args.caller.workspaceId }), controller: run.controller };
}
