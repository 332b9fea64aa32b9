import type { RecordStepInput } from "./runs/record-step.ts";

/**
 * A step as the worker records it: nothing but its run and number unless `over` says more.
 * Apart from testing.ts (which needs vitest) so that benches can use it too.
 */
export const stepRecord = (runId: string, number: number, over: Partial<RecordStepInput> = {}): RecordStepInput => ({
  runId,
  number,
  url: null,
  action: null,
  extractedContent: null,
  success: null,
  error: null,
  durationMs: 1,
  inputTokens: 0,
  outputTokens: 0,
  screenshotKey: null,
  ...over,
});
