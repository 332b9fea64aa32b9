import { describe, expect, it } from "vitest";
import { createRunControl } from "./run-control.ts";
import { createTakeover } from "./takeover.ts";

describe("take-over", () => {
  it("holds waiters until control is handed back, and counts take-overs", async () => {
    const takeover = createTakeover();
    const signal = new AbortController().signal;
    await takeover.waitForRelease(signal); // not paused: at once
    expect(takeover.take()).toBe(true);
    expect(takeover.take()).toBe(false);
    expect(takeover.epoch()).toBe(1);
    let released = false;
    const waiting = takeover.waitForRelease(signal).then(() => (released = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(released).toBe(false);
    expect(takeover.release()).toBe(true);
    await waiting;
    expect(released).toBe(true);
    expect(takeover.release()).toBe(false);
  });

  it("wakes a run waiting for a person when one takes control", async () => {
    const takeover = createTakeover();
    const signal = new AbortController().signal;
    let taken = false;
    const waiting = takeover.waitForTake(signal).then(() => (taken = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(taken).toBe(false);
    takeover.take();
    await waiting;
    await takeover.waitForTake(signal); // already taken: at once
    const stop = new AbortController();
    takeover.release();
    const never = takeover.waitForTake(stop.signal);
    stop.abort(new Error("no person came"));
    await expect(never).rejects.toThrow("no person came");
  });

  it("stops waiting when the run is cancelled", async () => {
    const takeover = createTakeover();
    takeover.take();
    const stop = new AbortController();
    const waiting = takeover.waitForRelease(stop.signal);
    stop.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
  });
});

describe("run clock", () => {
  it("does not count time on hold towards the session timeout", async () => {
    const control = createRunControl(150);
    control.hold();
    await new Promise((r) => setTimeout(r, 250));
    expect(control.signal.aborted).toBe(false);
    expect(control.remainingMs()).toBeGreaterThan(100);
    control.resume();
    await new Promise((r) => setTimeout(r, 250));
    expect(control.signal.aborted).toBe(true);
    expect(control.cause()).toBe("timeout");
    control.dispose();
  });
});
