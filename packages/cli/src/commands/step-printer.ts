import type { Run, Step } from "@errand/contract";
import { formatStep } from "./format-step.ts";

/** Reads the run and its steps numbered above `afterStep` (getRun). */
export type ReadRunSteps = (afterStep: number) => Promise<{ run: Run; steps: Step[] }>;

/**
 * Prints a run's new steps in order, each exactly once. Run events arrive together (the last
 * step's and the run's end come within milliseconds), and each asks to print: the reads are
 * queued one after the other, so two of them never both start from the same last printed step.
 * Each call resolves with the run as read after its steps were printed.
 */
export function createStepPrinter(read: ReadRunSteps, write: (text: string) => void) {
  let printed = 0;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    printNew(): Promise<Run> {
      const next = queue.then(async () => {
        const { run, steps } = await read(printed);
        for (const step of steps) {
          if (step.number <= printed) continue;
          write(`${formatStep(step)}\n`);
          printed = step.number;
        }
        return run;
      });
      // A failed read must not stop the ones after it.
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
