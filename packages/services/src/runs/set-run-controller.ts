import type { RunControlState } from "@errand/contract";
import type { CallerVerbArgs } from "../caller.ts";
import { requireRole } from "../workspaces/roles.ts";
import { findLiveRun } from "./open-run-live.ts";

/** A member who may run tasks in the run's workspace takes the browser from the agent (which pauses) or hands it back (it resumes), wherever it runs. */
export async function setRunController(args: CallerVerbArgs<{ runId: string; action: "take" | "release" }>): Promise<RunControlState> {
  requireRole(args.caller, "run");
  const run = await findLiveRun(args);
  const controller = await run.setController(args.input.action === "take" ? "person" : "agent");
  args.ctx.log.info(args.input.action === "take" ? "a person took control of a run" : "control handed back to the agent", {
    runId: args.input.runId,
  });
  return { controller };
}
