import type { ToolCallRequest } from "../types/actions.ts";

/** Repeats of the same actions on an unchanged page before the run is stopped. */
export const LOOP_LIMIT = 3;

/**
 * Loop detection: the same batch of actions taken again on a page that looks exactly the same
 * (URL, scroll, text and field values). `wait` is exempt: waiting on a slow page is legitimate.
 */
export function createLoopDetector() {
  let lastKey = "";
  let lastPage = "";
  let count = 0;
  return {
    /** Records the step; returns how many times in a row this exact step was taken on this page. */
    record(calls: ToolCallRequest[], pageFingerprint: string): number {
      const acting = calls.filter((c) => c.name !== "wait" && c.name !== "done");
      if (acting.length === 0) {
        lastKey = "";
        count = 0;
        return 0;
      }
      const key = JSON.stringify(acting.map((c) => [c.name, c.input]));
      count = key === lastKey && pageFingerprint === lastPage ? count + 1 : 1;
      lastKey = key;
      lastPage = pageFingerprint;
      return count;
    },
  };
}

export type LoopDetector = ReturnType<typeof createLoopDetector>;

export function describeCalls(calls: ToolCallRequest[]): string {
  return calls
    .filter((c) => c.name !== "done")
    .map((c) => {
      const input = JSON.stringify(c.input ?? {});
      return `${c.name}${input === "{}" ? "" : ` ${input.length > 80 ? `${input.slice(0, 80)}…` : input}`}`;
    })
    .join(", ");
}
