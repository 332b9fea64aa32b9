import type { RecordStepInput } from "@errand/services/runs";

/** A step as the worker records it: nothing but its run and number unless `over` says more. */
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

/** A step that clicked element `number` on page `number`, and what it read there. */
export const clickStep = (runId: string, number: number) =>
  stepRecord(runId, number, {
    url: `https://example.test/${number}`,
    action: [{ name: "click", input: { index: number }, ok: true, error: null }],
    extractedContent: `step ${number}`,
    durationMs: 100,
    inputTokens: 10,
    outputTokens: 2,
  });
