import type { TakeoverSwitch } from "../types/takeover.ts";

/** The switch a live view holds: a person takes the browser from the agent and hands it back (types/takeover.ts says how a step reacts). */
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
      return waitIn(
        signal,
        (fn) => waiters.push(fn),
        (fn) => (waiters = waiters.filter((w) => w !== fn)),
      );
    },
    waitForTake(signal) {
      if (paused) return Promise.resolve();
      return waitIn(
        signal,
        (fn) => takeWaiters.push(fn),
        (fn) => (takeWaiters = takeWaiters.filter((w) => w !== fn)),
      );
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
