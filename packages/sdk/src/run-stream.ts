import { API_ROUTES, operationPath } from "@errand/contract/routes";
import type { Run, Step } from "@errand/contract";
import { ErrandError } from "./errors.ts";
import type { HttpClient } from "./http-client.ts";
import { isFinalStatus } from "./run-statuses.ts";
import { abortReason, linkedController, sleep } from "./signals.ts";
import { readSse } from "./sse-reader.ts";
import type { RequestOptions, RunStreamEvent, StreamOptions } from "./types.ts";

/** The server sends a keepalive every 15 s: this long without a byte means the connection is gone. */
const IDLE_MS = 45_000;
/** Reconnections in a row that bring nothing new before falling back to polling. */
const MAX_EMPTY_RECONNECTS = 3;
const RECONNECT_DELAY_MS = 500;
// Two reads per poll: every 2 s stays well under the default limit of 120 API requests a minute.
const DEFAULT_POLL_MS = 2_000;

export interface RunReader {
  get(id: string, options?: RequestOptions): Promise<Run>;
  steps(id: string, options?: RequestOptions): Promise<Step[]>;
}

/**
 * A run's steps (each once, in order) and its updates until it ends, the ended run last.
 * Listens to GET /runs/{id}/events; a dropped connection is resumed with Last-Event-ID (the last
 * step received), and when the stream cannot be had (a proxy that refuses event streams, a 5xx)
 * the run is polled instead. Access errors (401, 404) are thrown.
 */
export async function* streamRun(
  http: HttpClient,
  reader: RunReader,
  id: string,
  options: StreamOptions = {},
): AsyncGenerator<RunStreamEvent> {
  const { signal } = options;
  const path = operationPath(API_ROUTES.streamRunEvents.path, { id });
  let lastStep = 0;
  let emptyReconnects = 0;

  for (;;) {
    if (signal?.aborted) throw abortReason(signal);
    const { controller, release } = linkedController(signal);
    let response: Response;
    try {
      response = await http.open(path, { signal: controller.signal, headers: lastStep ? { "last-event-id": String(lastStep) } : {} });
    } catch (error) {
      release();
      if (signal?.aborted) throw abortReason(signal);
      if (isAccessError(error)) throw error;
      break; // no stream to be had: poll
    }

    let progressed = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new Error("event stream idle")), IDLE_MS);
    };
    try {
      stillAlive();
      for await (const event of readSse(response.body!, stillAlive)) {
        if (event.event === "step") {
          const step = JSON.parse(event.data) as Step;
          if (step.number <= lastStep) continue;
          lastStep = step.number;
          progressed = true;
          yield { type: "step", step };
        } else if (event.event === "run") {
          const run = JSON.parse(event.data) as Run;
          yield { type: "run", run };
          if (isFinalStatus(run.status)) return;
        }
      }
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (error instanceof SyntaxError) throw error;
      // The connection broke: resume below.
    } finally {
      clearTimeout(idle);
      controller.abort();
      release();
    }
    emptyReconnects = progressed ? 0 : emptyReconnects + 1;
    if (emptyReconnects > MAX_EMPTY_RECONNECTS) break;
    await sleep(RECONNECT_DELAY_MS * emptyReconnects, signal);
  }

  yield* pollRun(reader, id, lastStep, options);
}

/** The fallback: reads the run, then its steps, every pollIntervalMs; yields what is new. */
async function* pollRun(reader: RunReader, id: string, afterStep: number, options: StreamOptions): AsyncGenerator<RunStreamEvent> {
  const { signal } = options;
  let lastStep = afterStep;
  let lastRun = "";
  for (;;) {
    // The run first: when it has ended, the steps read after it are all there are.
    const run = await reader.get(id, { signal });
    const steps = await reader.steps(id, { signal });
    for (const step of steps) {
      if (step.number <= lastStep) continue;
      lastStep = step.number;
      yield { type: "step", step };
    }
    const seen = JSON.stringify(run);
    if (seen !== lastRun) {
      lastRun = seen;
      yield { type: "run", run };
    }
    if (isFinalStatus(run.status)) return;
    await sleep(options.pollIntervalMs ?? DEFAULT_POLL_MS, signal);
  }
}

/** Errors no retry or fallback can fix: the key, the run's owner, the run's existence. */
function isAccessError(error: unknown): boolean {
  return error instanceof ErrandError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
