import { LIVE_CLOSE as CONTRACT_LIVE_CLOSE } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { normalizeAddress } from "./address.ts";
import { ClickCounter } from "./click-counter.ts";
import { closeOutcome, END_TEXT, LIVE_CLOSE, readToken, socketUrl } from "./connection.ts";
import { LatestOnly } from "./latest-only.ts";
import { readViewerEvent, viewerEvent } from "./parent-link.ts";
import { FpsCounter } from "./stats.ts";

describe("normalizeAddress", () => {
  it.each(
    Object.entries({
      "https://example.com/a?b=1": "https://example.com/a?b=1",
      "  http://example.com  ": "http://example.com",
      "about:blank": "about:blank",
      "example.com": "https://example.com",
      "example.com:8443/x": "https://example.com:8443/x",
      "localhost:3000/x": "http://localhost:3000/x",
      "127.0.0.1": "http://127.0.0.1",
    }),
  )("keeps URLs with a scheme, adds https:// to bare hosts and http:// to localhost: %j as %j", (typed, address) =>
    expect(normalizeAddress(typed)).toBe(address),
  );
  it("is null for nothing", () => {
    expect(normalizeAddress("   ")).toBeNull();
  });
});

describe("ClickCounter", () => {
  it("counts quick presses at the same spot up to 3, then starts over", () => {
    const c = new ClickCounter();
    expect(c.press(0, 10, 10, "left")).toBe(1);
    expect(c.press(200, 11, 12, "left")).toBe(2);
    expect(c.press(400, 10, 10, "left")).toBe(3);
    expect(c.press(600, 10, 10, "left")).toBe(1);
  });
  it("starts over after 500 ms, on another button, or further than 5 px", () => {
    const c = new ClickCounter();
    c.press(0, 10, 10, "left");
    expect(c.press(501, 10, 10, "left")).toBe(1);
    expect(c.press(600, 10, 10, "right")).toBe(1);
    expect(c.press(700, 30, 10, "right")).toBe(1);
  });
});

describe("connection helpers", () => {
  it("reads the token from the fragment", () => {
    expect(["#token=abc.DEF-1", "#x=1&token=a%2Bb", "", "#token="].map(readToken)).toEqual(["abc.DEF-1", "a+b", null, null]);
  });
  it("builds the socket URL on the page's origin", () => {
    expect(socketUrl({ protocol: "https:", host: "errand.example" }, "a+b/c")).toBe(
      "wss://errand.example/api/v1/live/socket?token=a%2Bb%2Fc",
    );
    expect(socketUrl({ protocol: "http:", host: "localhost:3000" }, "t")).toBe("ws://localhost:3000/api/v1/live/socket?token=t");
  });
  it("matches the contract's close codes", () => {
    expect(LIVE_CLOSE).toEqual(CONTRACT_LIVE_CLOSE);
  });
  it("tells close codes apart", () => {
    expect(closeOutcome(4401, false, true)).toEqual({ message: END_TEXT.unauthorized, canReconnect: false });
    expect(closeOutcome(4404, false, true)).toEqual({ message: END_TEXT.notFound, canReconnect: false });
    expect(closeOutcome(1006, false, true)).toEqual({ message: END_TEXT.lost, canReconnect: true });
    expect(closeOutcome(1006, false, false)).toEqual({ message: END_TEXT.lost, canReconnect: true });
  });
  it("reads a reconnection that got nothing as an expired link", () => {
    expect(closeOutcome(1006, true, false)).toEqual({ message: END_TEXT.unauthorized, canReconnect: false });
    expect(closeOutcome(1006, true, true)).toEqual({ message: END_TEXT.lost, canReconnect: true });
  });
});

describe("LatestOnly", () => {
  it("runs one job at a time and keeps only the newest item meanwhile", async () => {
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const q = new LatestOnly<number>(async (n) => {
      started.push(n);
      await new Promise<void>((resolve) => releases.push(resolve));
    });
    q.push(1);
    q.push(2);
    q.push(3);
    q.push(4);
    expect(started).toEqual([1]);
    releases.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([1, 4]);
    expect(q.dropped).toBe(2);
    releases.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    q.push(5);
    expect(started).toEqual([1, 4, 5]);
  });
  it("goes on after a job fails, and stops taking items after stop()", async () => {
    const done: number[] = [];
    const q = new LatestOnly<number>(async (n) => {
      if (n === 1) throw new Error("bad frame");
      done.push(n);
    });
    q.push(1);
    await new Promise((r) => setTimeout(r, 0));
    q.push(2);
    await new Promise((r) => setTimeout(r, 0));
    q.stop();
    q.push(3);
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toEqual([2]);
  });
});

describe("FpsCounter", () => {
  it("counts the frames of the last second", () => {
    const f = new FpsCounter();
    for (let t = 0; t < 1000; t += 100) f.add(t);
    expect(f.fps(950)).toBe(10);
    expect(f.fps(1450)).toBe(5);
    expect(f.fps(3000)).toBe(0);
  });
});

describe("viewerEvent", () => {
  const state = {
    type: "state",
    url: "https://example.com/login",
    title: "Log in",
    canGoBack: false,
    canGoForward: false,
    viewport: { width: 1280, height: 800 },
    interactive: true,
    loading: false,
  } as const;

  it("tells the parent page who may act, and where", () => {
    expect(viewerEvent(state)).toEqual({ source: "errand-live", type: "state", interactive: true, url: "https://example.com/login" });
    expect(viewerEvent({ ...state, interactive: false })).toMatchObject({ type: "state", interactive: false });
  });

  it("tells it that the view ended, and why", () => {
    expect(viewerEvent({ type: "ended", reason: "expired", message: "x" })).toEqual({
      source: "errand-live",
      type: "ended",
      reason: "expired",
    });
  });

  it("keeps frames, notices and pongs to itself", () => {
    expect(viewerEvent({ type: "frame", width: 1, height: 1, seq: 1 })).toBeNull();
    expect(viewerEvent({ type: "notice", message: "x" })).toBeNull();
    expect(viewerEvent({ type: "pong", t: 1 })).toBeNull();
  });
});

describe("readViewerEvent", () => {
  /** What the login wizard reads of a posted message: why the browser ended, or null. */
  const endedReason = (data: unknown) => {
    const event = readViewerEvent(data);
    return event?.type === "ended" ? event.reason : null;
  };

  it("reads the end reason the live viewer posts", () => {
    expect(endedReason({ source: "errand-live", type: "ended", reason: "idle" })).toBe("idle");
    expect(endedReason({ source: "errand-live", type: "ended", reason: "closed" })).toBe("closed");
  });

  it("ignores state messages (for the end reason) and anything not from the viewer", () => {
    expect(endedReason({ source: "errand-live", type: "state", interactive: true, url: "https://a.example" })).toBeNull();
    expect(endedReason({ source: "other", type: "ended", reason: "idle" })).toBeNull();
    expect(endedReason({ source: "errand-live", type: "ended" })).toBeNull();
    expect(endedReason("ended")).toBeNull();
    expect(endedReason(null)).toBeNull();
  });
});
