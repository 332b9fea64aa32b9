import type { Run, Step } from "@errand/contract";
import type { Errand } from "@errand/sdk";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { stepText } from "./tool-results.ts";

/** Between the last progress notification and the answer (see waitWithProgress). */
const LAST_PROGRESS_GAP_MS = 25;

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
  let notified = false;
  const onStep = (step: Step) => {
    if (token === undefined) return;
    notified = true;
    const notification = {
      method: "notifications/progress" as const,
      params: { progressToken: token, progress: step.number, message: stepText(step) },
    };
    // Chained: notifications leave in step order even when sending one takes a while.
    sent = sent.then(() => extra.sendNotification(notification)).catch(() => undefined);
  };
  try {
    const run = await errand.runs.wait(runId, { signal: extra.signal, onStep });
    await sent;
    // The MCP SDK's client handles a notification one microtask after it reads it, but a response
    // at once: a last progress read together with the answer would be dropped as "unknown token".
    // A short pause sends the answer in a later write than the last notification.
    if (notified) await new Promise((resolve) => setTimeout(resolve, LAST_PROGRESS_GAP_MS));
    return run;
  } catch (error) {
    if (extra.signal.aborted) await errand.runs.cancel(runId).catch(() => undefined);
    throw error;
  }
}
