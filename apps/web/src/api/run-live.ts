import type { RunControlState, RunLive } from "@errand/contract";
import { callOperation, operationUrl } from "./operation";

export type RunControlAction = "take" | "release";

/**
 * POST /runs/{id}/live: a viewer URL (short-lived token) for the browser of a running run, and who
 * drives it. 409 when the run is not running, or runs where it cannot be shown (the message says why).
 */
export function startRunLive(runId: string): Promise<RunLive> {
  return callOperation("openRunLive", { params: { id: runId } });
}

/** POST /runs/{id}/control: take the browser from the agent, or hand it back. */
export function setRunControl(runId: string, action: RunControlAction): Promise<RunControlState> {
  return callOperation("setRunController", { params: { id: runId }, body: { action } });
}

/** Hands the browser back when the page goes away while the person drives (best effort, keepalive). */
export function releaseRunControlOnExit(runId: string): void {
  try {
    void fetch(operationUrl("setRunController", { id: runId }), {
      method: "POST",
      credentials: "include",
      keepalive: true,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ action: "release" }),
    }).catch(() => undefined);
  } catch {
    // Ignored: the page is unloading.
  }
}
