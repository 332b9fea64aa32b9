import type { IDataObject, IExecuteFunctions } from "n8n-workflow";
import { sleep } from "n8n-workflow";
import { errandRequest } from "./errand-api";

const POLL_INTERVAL_MS = 2_000;
/** Added to the run's own time limit: queueing and the worker's finishing touches. */
const MARGIN_SECONDS = 60;

export interface ErrandRun extends IDataObject {
  id: string;
  status: "pending" | "success" | "failed" | "error" | "cancelled";
  response_format: "text" | "json";
  result: string | null;
  time_limit?: number;
  session_timeout?: number;
}

/**
 * Reads GET /runs/{id} every 2 s until the run is no longer pending, for at most its time
 * limit plus a margin; then answers the run as it is (still pending if it outlasted that).
 */
export async function waitForRun(ctx: IExecuteFunctions, runId: string, limitSeconds: number, itemIndex: number): Promise<ErrandRun> {
  const deadline = Date.now() + (limitSeconds + MARGIN_SECONDS) * 1000;
  const signal = ctx.getExecutionCancelSignal();
  for (;;) {
    const run = await errandRequest<ErrandRun>(ctx, "GET", `/runs/${encodeURIComponent(runId)}`, { itemIndex });
    if (run.status !== "pending" || Date.now() >= deadline || signal?.aborted) return run;
    await sleep(POLL_INTERVAL_MS);
  }
}

/** The run as the node outputs it: with `data`, the parsed result, for JSON runs that succeeded. */
export function runOutput(run: ErrandRun): IDataObject {
  if (run.response_format !== "json" || run.status !== "success" || run.result === null) return run;
  try {
    return { ...run, data: JSON.parse(run.result) as IDataObject };
  } catch {
    return run;
  }
}
