/**
 * Human take-over of a running agent: while a person holds control the agent does not act.
 * The step in flight finishes its model call, then drops its planned actions (they were planned
 * on a page the person may have changed) and the next step waits until control is handed back.
 */
export interface Takeover {
  /** Counts take-overs; a step compares it before and after its model call. */
  epoch(): number;
  paused(): boolean;
  /** Resolves when control is handed back (at once when not paused); rejects when `signal` aborts. */
  waitForRelease(signal: AbortSignal): Promise<void>;
  /** Resolves when a person takes control (at once when they have it); rejects when `signal` aborts. */
  waitForTake(signal: AbortSignal): Promise<void>;
}

export interface TakeoverSwitch extends Takeover {
  /** A person takes control. Returns false when they already had it. */
  take(): boolean;
  /** The agent gets control back. Returns false when it already had it. */
  release(): boolean;
}

export function createTakeover(): TakeoverSwitch {
  let epoch = 0;
  let waiters: (() => void)[] = [];
  let takeWaiters: (() => void)[] = [];
  let paused = false;
  return {
    epoch: () => epoch,
    paused: () => paused,
    take() {
      if (paused) return false;
      paused = true;
      epoch++;
      const wake = takeWaiters;
      takeWaiters = [];
      for (const fn of wake) fn();
      return true;
    },
    release() {
      if (!paused) return false;
      paused = false;
      const wake = waiters;
      waiters = [];
      for (const fn of wake) fn();
      return true;
    },
    waitForRelease(signal) {
      if (!paused) return Promise.resolve();
      return waitIn(signal, (fn) => waiters.push(fn), (fn) => (waiters = waiters.filter((w) => w !== fn)));
    },
    waitForTake(signal) {
      if (paused) return Promise.resolve();
      return waitIn(signal, (fn) => takeWaiters.push(fn), (fn) => (takeWaiters = takeWaiters.filter((w) => w !== fn)));
    },
  };
}

/** A promise settled by a waiter list: resolved when woken, rejected (and removed) when `signal` aborts. */
function waitIn(signal: AbortSignal, add: (fn: () => void) => void, remove: (fn: () => void) => void): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      remove(done);
      reject(signal.reason);
    };
    const done = () => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    add(done);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
