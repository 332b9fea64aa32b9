import { describe, expect, it } from "vitest";
import type { RunLive } from "@errand/contract";
import {
  IDLE,
  liveAnnouncement,
  liveController,
  liveRunReducer,
  viewerAction,
  type LiveRunAction,
  type LiveRunState,
} from "./live-run-state";

const live: RunLive = { debug_url: "/live.html?token=abc", expires_at: "2026-03-04T12:05:00Z", controller: "agent" };
const run = (state: LiveRunState, ...actions: LiveRunAction[]) => actions.reduce(liveRunReducer, state);

describe("liveRunReducer: watching", () => {
  it("opens on request and shows the browser once the server answers", () => {
    const opening = liveRunReducer(IDLE, { type: "open" });
    expect(opening).toEqual({ status: "opening" });
    expect(liveRunReducer(opening, { type: "opened", live })).toEqual({ status: "watching", live, changing: null });
  });

  it("keeps the server's reason on a 409", () => {
    const state = run(IDLE, { type: "open" }, { type: "unavailable", message: "This run has ended." });
    expect(state).toEqual({ status: "unavailable", message: "This run has ended." });
    expect(liveAnnouncement(state)).toBe("This run has ended.");
  });

  it("can try again after a failure or a 409 (a new viewer link each time)", () => {
    expect(run(IDLE, { type: "open" }, { type: "failed" }, { type: "open" })).toEqual({ status: "opening" });
    expect(run(IDLE, { type: "open" }, { type: "unavailable", message: "x" }, { type: "open" })).toEqual({ status: "opening" });
  });

  it("ignores a second open while opening or watching", () => {
    const opening = liveRunReducer(IDLE, { type: "open" });
    expect(liveRunReducer(opening, { type: "open" })).toBe(opening);
    const watching = liveRunReducer(opening, { type: "opened", live });
    expect(liveRunReducer(watching, { type: "open" })).toBe(watching);
  });

  it("ignores a late answer after Stop watching", () => {
    const closed = run(IDLE, { type: "open" }, { type: "close" });
    expect(liveRunReducer(closed, { type: "opened", live })).toBe(closed);
    expect(liveRunReducer(closed, { type: "failed" })).toBe(closed);
    expect(liveRunReducer(closed, { type: "unavailable", message: "x" })).toBe(closed);
  });
});

describe("liveRunReducer: who drives the browser", () => {
  it("takes control and hands it back", () => {
    const watching = run(IDLE, { type: "open" }, { type: "opened", live });
    const taking = liveRunReducer(watching, { type: "control", action: "take" });
    expect(taking).toMatchObject({ status: "watching", changing: "take" });
    expect(liveRunReducer(taking, { type: "control", action: "release" })).toBe(taking);
    const inControl = liveRunReducer(taking, { type: "controlled", controller: "person" });
    expect(liveController(inControl)).toBe("person");
    expect(liveAnnouncement(inControl)).toBe("You are in control. The agent is paused.");
    const released = run(inControl, { type: "control", action: "release" }, { type: "controlled", controller: "agent" });
    expect(released).toEqual({ status: "watching", live, changing: null });
    expect(liveAnnouncement(released)).toBe("The agent is in control. You are watching.");
  });

  it("keeps watching when a control request fails", () => {
    const watching = run(IDLE, { type: "open" }, { type: "opened", live });
    expect(run(watching, { type: "control", action: "take" }, { type: "controlFailed" })).toEqual(watching);
  });

  it("a 409 on a control request replaces the browser with the reason", () => {
    const state = run(
      IDLE,
      { type: "open" },
      { type: "opened", live },
      { type: "control", action: "take" },
      {
        type: "unavailable",
        message: "The run has ended.",
      },
    );
    expect(state).toEqual({ status: "unavailable", message: "The run has ended." });
    expect(liveController(state)).toBeNull();
  });

  it("starts watching in the controller the server reports", () => {
    const state = run(IDLE, { type: "open" }, { type: "opened", live: { ...live, controller: "person" } });
    expect(liveAnnouncement(state)).toBe("You are in control. The agent is paused.");
  });

  it("follows the viewer when control changes without a request from this page", () => {
    const inControl = run(IDLE, { type: "open" }, { type: "opened", live: { ...live, controller: "person" } });
    // The take-over limit ran out on the server: the viewer became watch-only.
    const handedBack = liveRunReducer(inControl, { type: "viewerState", interactive: false });
    expect(handedBack).toEqual({ status: "watching", live, changing: null });
    expect(liveAnnouncement(handedBack)).toBe("The agent is in control. You are watching.");
    // Another tab took control.
    expect(liveController(liveRunReducer(handedBack, { type: "viewerState", interactive: true }))).toBe("person");
  });

  it("keeps the same state when the viewer reports no change, and ignores it unless watching", () => {
    const watching = run(IDLE, { type: "open" }, { type: "opened", live });
    expect(liveRunReducer(watching, { type: "viewerState", interactive: false })).toBe(watching);
    for (const state of [IDLE, { status: "opening" } as const, { status: "failed" } as const]) {
      expect(liveRunReducer(state, { type: "viewerState", interactive: true })).toBe(state);
    }
  });

  it("leaves a control request in flight to finish", () => {
    const taking = run(IDLE, { type: "open" }, { type: "opened", live }, { type: "control", action: "take" });
    const shown = liveRunReducer(taking, { type: "viewerState", interactive: true });
    expect(shown).toMatchObject({ changing: "take", live: { controller: "person" } });
    expect(liveRunReducer(shown, { type: "controlled", controller: "person" })).toEqual({
      status: "watching",
      live: { ...live, controller: "person" },
      changing: null,
    });
  });

  it("announces nothing while idle", () => {
    expect(liveAnnouncement(IDLE)).toBe("");
  });
});

describe("viewerAction", () => {
  it("reads the viewer's state messages", () => {
    expect(viewerAction({ source: "errand-live", type: "state", interactive: true, url: "https://a.example/" })).toEqual({
      type: "viewerState",
      interactive: true,
    });
    expect(viewerAction({ source: "errand-live", type: "state", interactive: false, url: "" })).toEqual({
      type: "viewerState",
      interactive: false,
    });
  });

  it("ignores everything else", () => {
    for (const data of [
      null,
      "state",
      42,
      { source: "errand-live", type: "ended", reason: "expired" },
      { source: "other", type: "state", interactive: true },
      { source: "errand-live", type: "state", interactive: "true" },
      { source: "errand-live", type: "state" },
    ]) {
      expect(viewerAction(data)).toBeNull();
    }
  });
});
