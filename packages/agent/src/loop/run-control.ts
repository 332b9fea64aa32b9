/** Why a run is being stopped from outside the step logic. */
export type StopCause = "timeout" | "cancelled";

export interface RunControl {
  /** Aborted on timeout or cancel; every wait of the run listens to it. */
  signal: AbortSignal;
  cause(): StopCause | null;
  remainingMs(): number;
  /** Stops the clock (a person has control); `resume` starts it again with the time that was left. */
  hold(): void;
  resume(): void;
  dispose(): void;
}

/** The run's clock: one signal that fires at the session timeout or when the caller cancels. */
export function createRunControl(timeoutMs: number, external?: AbortSignal): RunControl {
  const controller = new AbortController();
  let deadline = Date.now() + timeoutMs;
  let heldLeft: number | null = null;
  let cause: StopCause | null = null;
  const stop = (why: StopCause) => {
    if (cause) return;
    cause = why;
    controller.abort(new Error(why === "timeout" ? "session timeout" : "cancelled"));
  };
  let timer = setTimeout(() => stop("timeout"), timeoutMs);
  const onCancel = () => stop("cancelled");
  if (external?.aborted) stop("cancelled");
  else external?.addEventListener("abort", onCancel, { once: true });
  return {
    signal: controller.signal,
    cause: () => cause,
    remainingMs: () => heldLeft ?? Math.max(0, deadline - Date.now()),
    hold() {
      if (heldLeft !== null || cause) return;
      heldLeft = Math.max(0, deadline - Date.now());
      clearTimeout(timer);
    },
    resume() {
      if (heldLeft === null) return;
      deadline = Date.now() + heldLeft;
      heldLeft = null;
      clearTimeout(timer);
      timer = setTimeout(() => stop("timeout"), Math.max(0, deadline - Date.now()));
    },
    dispose() {
      clearTimeout(timer);
      external?.removeEventListener("abort", onCancel);
    },
  };
}
