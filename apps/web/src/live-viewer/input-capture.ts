import type { ViewerMessage } from "@errand/contract";
import { ClickCounter } from "./click-counter.ts";
import { normalizeWheel, toRemotePoint, type Size } from "./geometry.ts";
import { classifyKey, keyText, modifiersOf } from "./key-map.ts";

type MouseButton = "none" | "left" | "middle" | "right";

export interface InputOptions {
  canvas: HTMLCanvasElement;
  /** Whether input may be sent now (connected, interactive, not ended). */
  enabled(): boolean;
  /** The remote viewport, in its CSS pixels. */
  viewport(): Size | null;
  send(message: ViewerMessage): void;
  /** True when a press of this pointer type leaves the focus where it is (the on-screen keyboard's field). */
  keepFocus(pointerType: string): boolean;
}

/** A touch that moves further than this scrolls the page instead of tapping it. */
const TAP_SLOP_PX = 8;
const MAX_TEXT = 10_000;

/**
 * Turns the person's pointer, wheel, keyboard and paste input on the canvas into viewer
 * messages. Moves and wheel deltas are coalesced to one message per animation frame. Mouse and
 * pen act as a mouse; a touch taps (move, down, up) or, when dragged, scrolls.
 */
export class InputCapture {
  private readonly clicks = new ClickCounter();
  /** Codes of the keys sent down and not yet up. */
  private readonly pressed = new Map<string, string>();
  private pendingMove: Extract<ViewerMessage, { type: "mouse" }> | null = null;
  private pendingWheel: Extract<ViewerMessage, { type: "wheel" }> | null = null;
  private frameRequest = 0;
  /** The button pressed down (sent), with its click count, for the matching up. */
  private down: { pointerId: number; button: MouseButton; clickCount: number } | null = null;
  private touch: { pointerId: number; startX: number; startY: number; lastX: number; lastY: number; scrolling: boolean } | null = null;

  constructor(private readonly opts: InputOptions) {
    const c = opts.canvas;
    c.addEventListener("pointerdown", this.onPointerDown);
    c.addEventListener("pointermove", this.onPointerMove);
    c.addEventListener("pointerup", this.onPointerUp);
    c.addEventListener("pointercancel", this.onPointerCancel);
    c.addEventListener("wheel", this.onWheel, { passive: false });
    c.addEventListener("contextmenu", (e) => e.preventDefault());
    c.addEventListener("keydown", this.onKeyDown);
    c.addEventListener("keyup", this.onKeyUp);
    c.addEventListener("blur", () => this.releaseKeys());
    document.addEventListener("paste", this.onPaste);
  }

  /** Sends key-ups for the keys still held, so none stays stuck on the remote page. */
  releaseKeys(): void {
    if (this.opts.enabled()) {
      for (const [code, key] of this.pressed) this.opts.send({ type: "key", action: "up", key, code, modifiers: 0 });
    }
    this.pressed.clear();
  }

  /** Drops what is pending (input stopped: ended or watch only). */
  reset(): void {
    this.pressed.clear();
    this.pendingMove = null;
    this.pendingWheel = null;
    this.down = null;
    this.touch = null;
    this.clicks.reset();
  }

  private point(e: { clientX: number; clientY: number }): { x: number; y: number } | null {
    const viewport = this.opts.viewport();
    if (!viewport) return null;
    return toRemotePoint(e.clientX, e.clientY, this.opts.canvas.getBoundingClientRect(), viewport);
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    e.preventDefault();
    if (!this.opts.keepFocus(e.pointerType)) this.opts.canvas.focus({ preventScroll: true });
    if (!this.opts.enabled()) return;
    if (e.pointerType === "touch") {
      if (this.touch || !e.isPrimary) return;
      this.touch = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, lastX: e.clientX, lastY: e.clientY, scrolling: false };
      this.capture(e.pointerId);
      return;
    }
    const button = buttonOf(e.button);
    const p = this.point(e);
    if (!button || !p || this.down) return;
    this.capture(e.pointerId);
    const modifiers = modifiersOf(e);
    const clickCount = this.clicks.press(e.timeStamp, e.clientX, e.clientY, button);
    this.pendingMove = null;
    this.opts.send({ type: "mouse", action: "move", x: p.x, y: p.y, button: "none", clickCount: 0, modifiers });
    this.opts.send({ type: "mouse", action: "down", x: p.x, y: p.y, button, clickCount, modifiers });
    this.down = { pointerId: e.pointerId, button, clickCount };
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    if (!this.opts.enabled()) return;
    const p = this.point(e);
    if (!p) return;
    if (e.pointerType === "touch") {
      const t = this.touch;
      if (!t || t.pointerId !== e.pointerId) return;
      if (!t.scrolling && Math.hypot(e.clientX - t.startX, e.clientY - t.startY) > TAP_SLOP_PX) t.scrolling = true;
      if (t.scrolling) {
        const rect = this.opts.canvas.getBoundingClientRect();
        const viewport = this.opts.viewport();
        if (viewport && rect.width > 0 && rect.height > 0) {
          // The page follows the finger: dragging up scrolls down.
          const dx = ((t.lastX - e.clientX) / rect.width) * viewport.width;
          const dy = ((t.lastY - e.clientY) / rect.height) * viewport.height;
          this.queueWheel(p.x, p.y, dx, dy, modifiersOf(e));
        }
      }
      t.lastX = e.clientX;
      t.lastY = e.clientY;
      return;
    }
    const button = this.down?.button ?? "none";
    this.pendingMove = { type: "mouse", action: "move", x: p.x, y: p.y, button, clickCount: 0, modifiers: modifiersOf(e) };
    this.schedule();
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    if (e.pointerType === "touch") {
      const t = this.touch;
      if (!t || t.pointerId !== e.pointerId) return;
      this.touch = null;
      if (t.scrolling || !this.opts.enabled()) return;
      const p = this.point({ clientX: t.startX, clientY: t.startY });
      if (!p) return;
      const modifiers = modifiersOf(e);
      const clickCount = this.clicks.press(e.timeStamp, t.startX, t.startY, "left");
      this.opts.send({ type: "mouse", action: "move", x: p.x, y: p.y, button: "none", clickCount: 0, modifiers });
      this.opts.send({ type: "mouse", action: "down", x: p.x, y: p.y, button: "left", clickCount, modifiers });
      this.opts.send({ type: "mouse", action: "up", x: p.x, y: p.y, button: "left", clickCount, modifiers });
      return;
    }
    const down = this.down;
    if (!down || down.pointerId !== e.pointerId || buttonOf(e.button) !== down.button) return;
    this.down = null;
    if (!this.opts.enabled()) return;
    const p = this.point(e);
    if (!p) return;
    this.flush();
    this.opts.send({
      type: "mouse",
      action: "up",
      x: p.x,
      y: p.y,
      button: down.button,
      clickCount: down.clickCount,
      modifiers: modifiersOf(e),
    });
  };

  private readonly onPointerCancel = (e: PointerEvent): void => {
    if (this.touch?.pointerId === e.pointerId) this.touch = null;
    if (this.down?.pointerId === e.pointerId) this.down = null;
  };

  private readonly onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const viewport = this.opts.viewport();
    const p = this.point(e);
    if (!this.opts.enabled() || !viewport || !p) return;
    const d = normalizeWheel(e.deltaX, e.deltaY, e.deltaMode, viewport.height);
    this.queueWheel(p.x, p.y, d.deltaX, d.deltaY, modifiersOf(e));
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    const decision = classifyKey(e);
    if (decision === "leave") {
      e.preventDefault();
      this.opts.canvas.blur();
      return;
    }
    if (decision === "pass" || !this.opts.enabled()) return;
    e.preventDefault();
    this.pressed.set(e.code || e.key, e.key);
    const text = keyText(e);
    this.opts.send({
      type: "key",
      action: "down",
      key: e.key.slice(0, 32),
      code: e.code.slice(0, 32),
      modifiers: modifiersOf(e),
      ...(text ? { text } : {}),
    });
  };

  private readonly onKeyUp = (e: KeyboardEvent): void => {
    const id = e.code || e.key;
    if (!this.pressed.has(id)) return;
    this.pressed.delete(id);
    e.preventDefault();
    if (!this.opts.enabled()) return;
    this.opts.send({ type: "key", action: "up", key: e.key.slice(0, 32), code: e.code.slice(0, 32), modifiers: modifiersOf(e) });
  };

  private readonly onPaste = (e: ClipboardEvent): void => {
    if (document.activeElement !== this.opts.canvas || !this.opts.enabled()) return;
    const text = e.clipboardData?.getData("text/plain") ?? "";
    e.preventDefault();
    if (text) this.opts.send({ type: "text", text: text.slice(0, MAX_TEXT) });
  };

  private capture(pointerId: number): void {
    try {
      this.opts.canvas.setPointerCapture(pointerId);
    } catch {
      // The pointer is already gone.
    }
  }

  private queueWheel(x: number, y: number, deltaX: number, deltaY: number, modifiers: number): void {
    const w = this.pendingWheel;
    this.pendingWheel = w
      ? { ...w, x, y, deltaX: w.deltaX + deltaX, deltaY: w.deltaY + deltaY, modifiers }
      : { type: "wheel", x, y, deltaX, deltaY, modifiers };
    this.schedule();
  }

  private schedule(): void {
    if (!this.frameRequest) this.frameRequest = requestAnimationFrame(this.flush);
  }

  /** Sends the coalesced move and wheel now. */
  private readonly flush = (): void => {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    const move = this.pendingMove;
    const wheel = this.pendingWheel;
    this.pendingMove = null;
    this.pendingWheel = null;
    if (!this.opts.enabled()) return;
    if (move) this.opts.send(move);
    if (wheel && (wheel.deltaX || wheel.deltaY)) {
      this.opts.send({ ...wheel, deltaX: Math.round(wheel.deltaX * 100) / 100, deltaY: Math.round(wheel.deltaY * 100) / 100 });
    }
  };
}

function buttonOf(button: number): Exclude<MouseButton, "none"> | null {
  return button === 0 ? "left" : button === 1 ? "middle" : button === 2 ? "right" : null;
}
