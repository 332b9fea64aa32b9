import { heartbeatRun } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import type { RunEventListener } from "@errand/services/events";

/** Why a running run is stopped: this process is stopping, or the run ended elsewhere (cancelled, timed out by the sweeper). */
export type StopReason = "shutdown" | "ended elsewhere";

/**
 * Watches a running run: `signal` aborts when this process shuts down, when the run ends elsewhere
 * (its status event), or when a heartbeat finds it is no longer running. `dispose` stops watching.
 */
export function watchRun(
  deps: { ctx: ServiceContext; events: RunEventListener; heartbeatMs?: number },
  runId: string,
  shutdown: AbortSignal,
): { signal: AbortSignal; dispose(): void } {
  const { ctx } = deps;
  const stop = new AbortController();
  const stopFor = (reason: StopReason) => stop.abort(reason);
  const onShutdown = () => stopFor("shutdown");
  shutdown.addEventListener("abort", onShutdown);
  const unsubscribe = deps.events.subscribe(runId, (event) => {
    if (event.type === "status") stopFor("ended elsewhere");
  });
  const heartbeat = setInterval(() => {
    heartbeatRun({ ctx, input: { runId } })
      .then((alive) => alive || stopFor("ended elsewhere"))
      .catch((error: Error) => ctx.log.warn("heartbeat failed", { runId, error }));
  }, deps.heartbeatMs ?? 5_000);
  return {
    signal: stop.signal,
    dispose() {
      clearInterval(heartbeat);
      unsubscribe();
      shutdown.removeEventListener("abort", onShutdown);
    },
  };
}
