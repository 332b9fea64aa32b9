import { describe, expect, it } from "vitest";
import { REPLAY_STEP_MS, replayPhaseAfter, replayProgress } from "./replay";

describe("replay", () => {
  it("reveals one step every 500 ms", () => {
    expect(REPLAY_STEP_MS).toBe(500);
  });

  it("progress is revealed / total * 100", () => {
    expect(replayProgress(0, 4)).toBe(0);
    expect(replayProgress(1, 4)).toBe(25);
    expect(replayProgress(4, 4)).toBe(100);
    expect(replayProgress(5, 4)).toBe(100);
    expect(replayProgress(0, 0)).toBe(100);
  });

  it("finishes once every step is shown", () => {
    expect(replayPhaseAfter(2, 4)).toBe("replaying");
    expect(replayPhaseAfter(4, 4)).toBe("finished");
    expect(replayPhaseAfter(0, 0)).toBe("finished");
  });
});
