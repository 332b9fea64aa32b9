import type { Run } from "@errand/contract";
import { ErrandTimeoutError } from "./errors.ts";
import { isFinalStatus } from "./run-statuses.ts";
import { linkedController } from "./signals.ts";
import type { RunStreamEvent, StreamOptions, WaitOptions } from "./types.ts";

/** Follows a run's stream until it ends: steps go to onStep; resolves with the ended run. */
export async function waitForRun(
  stream: (options: StreamOptions) => AsyncIterable<RunStreamEvent>,
  options: WaitOptions = {},
): Promise<Run> {
  const { controller, release } = linkedController(options.signal);
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(
          () =>
            controller.abort(
              new ErrandTimeoutError(`The run had not ended after ${options.timeoutMs} ms (it keeps going; cancel it if you need to)`),
            ),
          options.timeoutMs,
        );
  try {
    for await (const event of stream({ signal: controller.signal, pollIntervalMs: options.pollIntervalMs })) {
      if (event.type === "step") options.onStep?.(event.step);
      else if (isFinalStatus(event.run.status)) return event.run;
    }
    // The stream only ends after the ended run; reaching here means it was cut short.
    throw controller.signal.reason ?? new Error("The run's stream ended before the run did");
  } finally {
    clearTimeout(timer);
    release();
  }
}
