import type { Run, Step } from "@errand/contract";
import type { Errand } from "@errand/sdk";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { stepText } from "./tool-results.ts";

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Waits for a run to end. When the client asked for progress (a progressToken), each step is sent
 * as it happens: `notifications/progress` { progress: the step's number, message: its text }, in
 * order, and all of them before the result. When the client cancels the call (or goes away), the
 * run is cancelled too: run_task's run lives as long as the call waiting for it.
 */
export async function waitWithProgress(errand: Errand, runId: string, extra: ToolExtra): Promise<Run> {
  const token = extra._meta?.progressToken;
  let sent: Promise<void> = Promise.resolve();
  const onStep = (step: Step) => {
    if (token === undefined) return;
    const notification = { method: "notifications/progress" as const, params: { progressToken: token, progress: step.number, message: stepText(step) } };
    // Chained: notifications leave in step order even when sending one takes a while.
    sent = sent.then(() => extra.sendNotification(notification)).catch(() => undefined);
  };
  try {
    const run = await errand.runs.wait(runId, { signal: extra.signal, onStep });
    await sent;
    return run;
  } catch (error) {
    if (extra.signal.aborted) await errand.runs.cancel(runId).catch(() => undefined);
    throw error;
  }
}
