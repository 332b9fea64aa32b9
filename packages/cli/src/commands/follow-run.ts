import { FINAL_RUN_STATUSES, type Run } from "@errand/contract";
import { getRun } from "@errand/services/runs";
import type { Caller } from "@errand/services";
import type { Runtime } from "../runtime/create-runtime.ts";
import { createStepPrinter } from "./step-printer.ts";

const isFinalStatus = (status: string) => (FINAL_RUN_STATUSES as readonly string[]).includes(status);

/**
 * Follows a run from the terminal until it ends: each new step is printed once, in order, as the
 * run's events arrive. Resolves with the ended run. The run may be executed by this process's
 * worker or by a server's beside it; it may even have ended before this started listening.
 */
export async function followRun(
  runtime: Pick<Runtime, "ctx" | "events">,
  caller: Caller,
  runId: string,
  write: (text: string) => void,
): Promise<Run> {
  const printer = createStepPrinter((afterStep) => getRun({ ctx: runtime.ctx, caller, input: { runId, afterStep } }), write);
  let unsubscribe = () => {};
  await new Promise<void>((resolve) => {
    const printAndCheck = () =>
      void printer.printNew().then(
        (run) => (isFinalStatus(run.status) ? resolve() : undefined),
        () => undefined,
      );
    unsubscribe = runtime.events.subscribe(runId, (event) => (event.type === "status" ? resolve() : printAndCheck()));
    printAndCheck();
  });
  unsubscribe();
  return printer.printNew();
}
