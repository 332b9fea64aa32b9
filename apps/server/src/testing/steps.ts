import { stepRecord } from "@errand/services/testing/steps";

export { stepRecord };

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
