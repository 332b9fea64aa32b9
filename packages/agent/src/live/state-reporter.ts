import type { LiveServerMessage } from "@errand/contract";
import type { ViewerHub, ViewerSlot } from "./viewer-hub.ts";

export type StateMessage = Extract<LiveServerMessage, { type: "state" }>;

/** A state that could not be computed is tried again this often, this many times in a row. */
const RETRY_MS = 100;
const MAX_RETRIES = 50;

/**
 * Sends "state" messages: to a viewer that asks (on attach), and to every viewer when the state
 * changed or a change is forced. Requests that arrive while one is computed are merged into a
 * single next computation, so states never go out of order.
 */
export function createStateReporter(hub: ViewerHub, compute: () => Promise<StateMessage>) {
  let running = false;
  let again = false;
  let force = false;
  const waiting = new Set<ViewerSlot>();
  let lastSent = "";
  let failures = 0;

  async function run() {
    running = true;
    try {
      while (again) {
        again = false;
        const forced = force;
        force = false;
        const targets = [...waiting];
        waiting.clear();
        let state: StateMessage;
        try {
          state = await compute();
          failures = 0;
        } catch {
          // The page was between documents (its navigation history could not be read): ask
          // again shortly, or the viewers that asked would wait for a state until the next change.
          if (++failures > MAX_RETRIES) {
            // Given up on this request; the next one gets its own tries.
            failures = 0;
            continue;
          }
          for (const slot of targets) waiting.add(slot);
          force ||= forced;
          again = true;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
          continue;
        }
        const key = JSON.stringify(state);
        if (forced || key !== lastSent) {
          lastSent = key;
          hub.broadcastState(state);
        } else {
          for (const slot of targets) hub.sendState(slot, state);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** A state for `slot` only, or for everyone when it changed (or always with `force`). */
    request(options: { force?: boolean; slot?: ViewerSlot } = {}) {
      if (options.force) force = true;
      if (options.slot) waiting.add(options.slot);
      again = true;
      if (!running) void run().catch(() => {});
    },
  };
}
