import { describe, expect, it } from "vitest";
import { clampViewport, DOM_DELTA_LINE, DOM_DELTA_PAGE, DOM_DELTA_PIXEL, fitContain, normalizeWheel, toRemotePoint } from "./geometry.ts";

describe("fitContain", () => {
  it("letterboxes a wide frame in a tall box (full width, bars above and below)", () => {
    expect(fitContain({ width: 375, height: 600 }, { width: 1280, height: 720 })).toEqual({ width: 375, height: 210 });
  });
  it("pillarboxes a tall frame in a wide box (full height)", () => {
    expect(fitContain({ width: 1600, height: 800 }, { width: 800, height: 1000 })).toEqual({ width: 640, height: 800 });
  });
  it("scales a small frame up to the box, keeping its ratio", () => {
    expect(fitContain({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toEqual({ width: 1920, height: 1080 });
  });
  it("gives nothing for an empty box or frame", () => {
    expect(fitContain({ width: 0, height: 500 }, { width: 1280, height: 720 })).toEqual({ width: 0, height: 0 });
    expect(fitContain({ width: 500, height: 500 }, { width: 0, height: 0 })).toEqual({ width: 0, height: 0 });
  });
});

describe("toRemotePoint", () => {
  const viewport = { width: 1280, height: 720 };

  it("maps the displayed rect proportionally to the remote viewport", () => {
    const rect = { left: 0, top: 200, width: 640, height: 360 };
    expect(toRemotePoint(320, 380, rect, viewport)).toEqual({ x: 640, y: 360 });
    expect(toRemotePoint(0, 200, rect, viewport)).toEqual({ x: 0, y: 0 });
    expect(toRemotePoint(640, 560, rect, viewport)).toEqual({ x: 1280, y: 720 });
  });
  it("accounts for the rect's offset (a centered, letterboxed canvas)", () => {
    const rect = { left: 100, top: 50, width: 1280, height: 720 };
    expect(toRemotePoint(110.5, 60.25, rect, viewport)).toEqual({ x: 10.5, y: 10.25 });
  });
  it("clamps points outside the canvas (a drag that left it) to the viewport's edges", () => {
    const rect = { left: 0, top: 0, width: 640, height: 360 };
    expect(toRemotePoint(-20, 400, rect, viewport)).toEqual({ x: 0, y: 720 });
  });
  it("rounds to hundredths", () => {
    const rect = { left: 0, top: 0, width: 300, height: 300 };
    expect(toRemotePoint(100, 200, rect, { width: 1000, height: 1000 })).toEqual({ x: 333.33, y: 666.67 });
  });
});

describe("clampViewport", () => {
  it("rounds the stage size", () => {
    expect(clampViewport(1023.6, 700.4)).toEqual({ width: 1024, height: 700 });
  });
  it("clamps to 200..3840 x 200..2160", () => {
    expect(clampViewport(120, 80)).toEqual({ width: 200, height: 200 });
    expect(clampViewport(5000, 3000)).toEqual({ width: 3840, height: 2160 });
    expect(clampViewport(375, 150)).toEqual({ width: 375, height: 200 });
  });
});

describe("normalizeWheel", () => {
  it("keeps pixel deltas", () => {
    expect(normalizeWheel(3, -120, DOM_DELTA_PIXEL, 720)).toEqual({ deltaX: 3, deltaY: -120 });
  });
  it("turns lines into 16 px", () => {
    expect(normalizeWheel(0, 3, DOM_DELTA_LINE, 720)).toEqual({ deltaX: 0, deltaY: 48 });
  });
  it("turns pages into the viewport's height", () => {
    expect(normalizeWheel(0, -1, DOM_DELTA_PAGE, 720)).toEqual({ deltaX: 0, deltaY: -720 });
  });
});
