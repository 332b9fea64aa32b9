import type { Run, Step } from "@errand/contract";

// A pushed event is taken as our server sent it, typed by the contract, like every answer
// (api/operation.ts); what the page keys its caches by is checked, so an event without it is
// ignored rather than stored (docs/adr/0052-a-cheaper-signed-in-page-load.md).

const isObject = (data: unknown): data is Record<string, unknown> => typeof data === "object" && data !== null;

export function parseRun(data: unknown): Run {
  if (!isObject(data) || typeof data.id !== "string" || typeof data.task_id !== "string" || typeof data.status !== "string")
    throw new Error("A run event needs its id, task_id and status");
  return data as Run;
}

export function parseStep(data: unknown): Step {
  if (!isObject(data) || typeof data.id !== "string" || typeof data.number !== "number")
    throw new Error("A step event needs its id and number");
  return data as Step;
}
