import { describe, expect, it } from "vitest";
import type { RunExecution } from "@errand/contract";
import { executionLine, executionSummary, isMissedReplayStep, isReplayedStep, savedText, stepNumbersText } from "./execution-summary";

const base: RunExecution = {
  kind: "agent",
  recording_version: null,
  repaired_steps: [],
  new_recording_version: null,
  tokens_saved: null,
  seconds_saved: null,
  note: null,
};

describe("executionSummary", () => {
  it("says a replay ran without the model, from which recording, and what it saved", () => {
    const summary = executionSummary({ ...base, kind: "replayed", recording_version: 1, tokens_saved: 7437, seconds_saved: 12.34 });
    expect(summary.headline).toBe("Replayed without the model (recording v1)");
    expect(executionLine(summary)).toBe("Replayed without the model (recording v1) · Saved 12.3 s and 7,437 tokens");
  });

  it("leaves the savings out of a replay when they are unknown or nothing", () => {
    expect(executionSummary({ ...base, kind: "replayed", recording_version: 3 }).details).toEqual([]);
    expect(executionSummary({ ...base, kind: "replayed", recording_version: 3, tokens_saved: 0, seconds_saved: 0 }).details).toEqual([]);
  });

  it("names the repaired steps and the new recording of a repaired replay", () => {
    const one = executionSummary({ ...base, kind: "repaired", recording_version: 1, repaired_steps: [3], new_recording_version: 2 });
    expect(executionLine(one)).toBe("Replayed, repaired by the agent: step 3 · New recording v2");
    const two = executionSummary({ ...base, kind: "repaired", recording_version: 1, repaired_steps: [3, 5], tokens_saved: 1200 });
    expect(executionLine(two)).toBe("Replayed, repaired by the agent: steps 3, 5 · Saved 1,200 tokens");
  });

  it("says Agent, with the recording the run left when it left one", () => {
    expect(executionLine(executionSummary(base))).toBe("Agent");
    expect(executionLine(executionSummary({ ...base, new_recording_version: 1 }))).toBe("Agent · Recorded as v1");
  });

  it("keeps the note, and drops a blank one", () => {
    expect(executionSummary({ ...base, note: "The task is set to always use the agent." }).note).toBe(
      "The task is set to always use the agent.",
    );
    expect(executionSummary({ ...base, note: "  " }).note).toBeNull();
  });
});

describe("savedText", () => {
  it("says seconds alone, tokens alone, and a single token", () => {
    expect(savedText(4, null)).toBe("Saved 4 s");
    expect(savedText(null, 1)).toBe("Saved 1 token");
    expect(savedText(null, null)).toBeNull();
  });
});

describe("stepNumbersText", () => {
  it("counts one step and several", () => {
    expect(stepNumbersText([2])).toBe("step 2");
    expect(stepNumbersText([2, 4, 6])).toBe("steps 2, 4, 6");
    expect(stepNumbersText([])).toBe("");
  });
});

describe("isReplayedStep", () => {
  it("tells a replayed step by its actions", () => {
    expect(
      isReplayedStep({ action: [{ name: "click", input: { element: "<button>Add</button>", replayed: true }, ok: true, error: null }] }),
    ).toBe(true);
    expect(isReplayedStep({ action: [{ name: "click", input: { index: 4 }, ok: true, error: null }] })).toBe(false);
    expect(isReplayedStep({ action: null })).toBe(false);
  });

  it("tells a replayed step that missed", () => {
    expect(
      isMissedReplayStep({
        action: [{ name: "click", input: { replayed: true }, ok: false, error: "Could not find <button>Add</button> on the page." }],
      }),
    ).toBe(true);
    expect(isMissedReplayStep({ action: [{ name: "click", input: { replayed: true }, ok: true, error: null }] })).toBe(false);
  });
});
