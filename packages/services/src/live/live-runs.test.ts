import { describe, expect, it } from "vitest";
import { createLiveRuns, type LiveRun } from "./live-runs.ts";

const run = (runId: string): LiveRun => ({
  runId,
  userId: "u",
  workspaceId: "u",
  live: { attach: () => ({ receive: async () => {}, detach() {} }), setInteractive() {}, notice() {}, end() {} },
  controller: () => "agent",
  setController() {},
});

describe("live runs", () => {
  it("a viewer asking while the run's browser opens gets the run once it is registered", async () => {
    const runs = createLiveRuns();
    runs.expect("a");
    const waiting = runs.whenLive("a", 5_000);
    const offered = run("a");
    const remove = runs.register(offered);
    expect(await waiting).toBe(offered);
    expect(await runs.whenLive("a", 10)).toBe(offered);
    remove();
    expect(runs.get("a")).toBeUndefined();
  });

  it("answers at once for a run this process is not starting, and gives up when the start fails", async () => {
    const runs = createLiveRuns();
    expect(await runs.whenLive("elsewhere", 5_000)).toBeUndefined();
    const unexpect = runs.expect("b");
    const waiting = runs.whenLive("b", 5_000);
    unexpect();
    expect(await waiting).toBeUndefined();
    runs.expect("c");
    expect(await runs.whenLive("c", 20)).toBeUndefined();
  });
});
