import { withTimeout } from "./with-timeout.ts";

/** Viewer input applied strictly in order, one step at a time; a step that hangs is given up after `timeoutMs`. */
export interface InputQueue {
  enqueue(step: () => Promise<void>): Promise<void>;
  /** Resolves once every step queued so far has run. */
  idle(): Promise<void>;
}

export function createInputQueue(timeoutMs: number): InputQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    enqueue(step) {
      const run = tail.then(() => withTimeout(step(), timeoutMs, undefined)).catch(() => {});
      tail = run;
      return run;
    },
    idle: () => tail,
  };
}
