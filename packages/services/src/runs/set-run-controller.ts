import type { RunControlState } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { findLiveRun } from "./open-run-live.ts";

/** The owner takes the browser from the agent (which pauses) or hands it back (it resumes), wherever it runs. */
export async function setRunController(args: CallerVerbArgs<{ runId: string; action: "take" | "release" }>): Promise<RunControlState> {
  requireScope(args.caller, "run");
  const run = await findLiveRun(args);
  const controller = await run.setController(args.input.action === "take" ? "person" : "agent");
  args.ctx.log.info(args.input.action === "take" ? "a person took control of a run" : "control handed back to the agent", {
    runId: args.input.runId,
  });
  return { controller };
}
