import { describeError } from "@errand/services/logging";
import { runDueSchedules } from "@errand/services/schedules";
import type { ServiceContext } from "@errand/services";

export interface Scheduler {
  /** Stops ticking; waits for a tick in progress to end. */
  stop(): Promise<void>;
}

/**
 * Creates the runs of due schedules: a tick at start (slots missed while no process was up run
 * once, not once per slot), then every `intervalMs`. Every worker process ticks; the claim in
 * runDueSchedules makes one run per slot however many do.
 */
export function startScheduler(ctx: ServiceContext, intervalMs: number): Scheduler {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();

  const tick = () => {
    ticking = runDueSchedules({ ctx, input: {} })
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.warn("scheduler tick failed", { error: describeError(error) }))
      .finally(() => {
        if (!stopping) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await ticking;
    },
  };
}
