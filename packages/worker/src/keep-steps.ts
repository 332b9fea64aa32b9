import type { AgentStep } from "@errand/agent";
import { toStepActions } from "@errand/contract";
import { recordStep } from "@errand/services/runs";
import { inFileWriteSpan, inTransactionSpan } from "@errand/services/tracing";
import { stepScreenshotKey, type FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import type { RunFiles } from "./run-files.ts";

/**
 * Keeps a run's steps in order while the agent goes on (the screenshot's file and the step's row
 * are off the step's path): `add` queues one, `settled` waits for all and throws the first
 * failure, `drained` only waits. The run ends only once every step is kept.
 */
export function keepSteps(deps: { ctx: ServiceContext; storage: FileStorage }, runId: string, runFiles: () => RunFiles | undefined) {
  let kept = Promise.resolve();
  let failure: unknown;
  /** A step's screenshot file, its downloads and its row, in that order. */
  const keep = async (step: AgentStep) => {
    await runFiles()?.keep(step.number, step.downloads);
    let screenshotKey: string | null = null;
    if (step.screenshot) {
      screenshotKey = stepScreenshotKey(runId, step.number, step.screenshotType);
      const [key, bytes] = [screenshotKey, step.screenshot];
      await inFileWriteSpan("screenshot", bytes.length, () => deps.storage.put(key, bytes, `image/${step.screenshotType}`));
    }
    // Its transaction (the step's row, the run's tokens) as a span: docs/adr/0051-run-har-trace-bundle.md.
    await inTransactionSpan("record step", () =>
      recordStep({
        ctx: deps.ctx,
        input: {
          runId,
          number: step.number,
          url: step.url,
          // The contract's shape; a call to a tool that does not exist is left out (the step's error names it).
          action: toStepActions(step.actions),
          extractedContent: step.extractedContent,
          success: step.success,
          error: step.error,
          durationMs: step.durationMs,
          inputTokens: step.inputTokens,
          outputTokens: step.outputTokens,
          screenshotKey,
        },
      }),
    );
  };
  return {
    add(step: AgentStep) {
      if (failure) throw failure;
      deps.ctx.metrics?.stepDuration.observe({}, step.durationMs / 1000);
      kept = kept.then(() => keep(step)).catch((error: unknown) => void (failure ??= error));
    },
    async settled() {
      await kept;
      if (failure) throw failure;
    },
    drained: () => kept,
  };
}
