/** Pure layout and coordinate helpers (no DOM), unit-tested in geometry.test.ts. */

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The largest size with the frame's aspect ratio that fits in the box (letterboxing): the
 * canvas element is given exactly this CSS size, so its displayed rect is the picture.
 */
export function fitContain(box: Size, frame: Size): Size {
  if (box.width <= 0 || box.height <= 0 || frame.width <= 0 || frame.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(box.width / frame.width, box.height / frame.height);
  return { width: Math.floor(frame.width * scale), height: Math.floor(frame.height * scale) };
}

/** A client point over the canvas, in the remote viewport's CSS pixels (clamped to the viewport). */
export function toRemotePoint(clientX: number, clientY: number, rect: Rect, viewport: Size): { x: number; y: number } {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  const x = ((clientX - rect.left) / rect.width) * viewport.width;
  const y = ((clientY - rect.top) / rect.height) * viewport.height;
  return { x: round2(clamp(x, 0, viewport.width)), y: round2(clamp(y, 0, viewport.height)) };
}

export const VIEWPORT_LIMITS = { minWidth: 200, maxWidth: 3840, minHeight: 200, maxHeight: 2160 } as const;

/** The remote viewport size asked for a stage of this CSS size: rounded and clamped to the protocol's limits. */
export function clampViewport(width: number, height: number): Size {
  const L = VIEWPORT_LIMITS;
  return {
    width: clamp(Math.round(width), L.minWidth, L.maxWidth),
    height: clamp(Math.round(height), L.minHeight, L.maxHeight),
  };
}

/** WheelEvent.deltaMode values. */
export const DOM_DELTA_PIXEL = 0;
export const DOM_DELTA_LINE = 1;
export const DOM_DELTA_PAGE = 2;
export const LINE_HEIGHT_PX = 16;

/** Wheel deltas in pixels: lines are 16 px, pages are the remote viewport's height. */
export function normalizeWheel(deltaX: number, deltaY: number, deltaMode: number, pageHeight: number): { deltaX: number; deltaY: number } {
  const factor = deltaMode === DOM_DELTA_LINE ? LINE_HEIGHT_PX : deltaMode === DOM_DELTA_PAGE ? pageHeight : 1;
  return { deltaX: deltaX * factor, deltaY: deltaY * factor };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
