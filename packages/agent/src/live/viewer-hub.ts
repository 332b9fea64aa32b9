import type { LiveServerMessage } from "@errand/contract";
import { jpegSize } from "./jpeg-size.ts";
import type { LiveViewer, Size } from "./types.ts";

/** A viewer with more than this queued gets no new frames until it has caught up. */
export const BEHIND_BYTES = 1_000_000;
const CATCH_UP_MS = 200;

type FrameHeader = Extract<LiveServerMessage, { type: "frame" }>;
type StateMessage = Extract<LiveServerMessage, { type: "state" }>;

export interface ViewerSlot {
  readonly viewer: LiveViewer;
  /** Had its first state: frames may follow. */
  ready: boolean;
  /** Skipped the newest frame (behind, or not ready yet): it gets it as soon as it can take it. */
  missed: boolean;
}

type Frame = { header: FrameHeader; jpeg: Buffer };

/**
 * The attached viewers and the frames they get. A viewer that is behind skips frames and is
 * sent the newest one once its queue has drained, so a page that stops changing still ends up
 * on every screen. Sending never throws (a viewer may be gone).
 */
export function createViewerHub() {
  const slots = new Set<ViewerSlot>();
  let seq = 0;
  let latest: Frame | undefined;
  // Every CATCH_UP_MS while some viewer missed the newest frame: it gets it once it can take it.
  const catchUp = createCatchUp(() => {
    const waiting = [...slots].filter((s) => s.missed);
    if (waiting.length === 0 || !latest) return false;
    for (const slot of waiting) if (slot.ready) sendLatest(slot);
    return true;
  });

  function sendLatest(slot: ViewerSlot) {
    if (!latest) return;
    slot.missed = !deliverFrame(slot, latest);
    if (slot.missed) catchUp.start();
  }

  function sendState(slot: ViewerSlot, state: StateMessage) {
    if (!slots.has(slot)) return;
    send(slot, state);
    slot.ready = true;
    if (slot.missed) sendLatest(slot);
  }

  return {
    size: () => slots.size,
    add(viewer: LiveViewer): ViewerSlot {
      const slot: ViewerSlot = { viewer, ready: false, missed: latest !== undefined };
      slots.add(slot);
      return slot;
    },
    /** True when the slot was attached. */
    remove: (slot: ViewerSlot) => slots.delete(slot),
    send,
    broadcast(message: LiveServerMessage) {
      for (const slot of slots) send(slot, message);
    },
    /** Sends a state; the first one makes the viewer ready for frames. */
    sendState,
    broadcastState(state: StateMessage) {
      for (const slot of slots) sendState(slot, state);
    },
    frame(jpeg: Buffer, fallback: Size) {
      const size = jpegSize(jpeg) ?? fallback;
      latest = { header: { type: "frame", width: size.width, height: size.height, seq: ++seq }, jpeg };
      for (const slot of slots) sendLatest(slot);
    },
    /** Forgets the newest frame (it showed another tab). */
    forgetFrame() {
      latest = undefined;
    },
    /** Detaches every viewer and returns them. */
    clear(): ViewerSlot[] {
      const all = [...slots];
      slots.clear();
      catchUp.stop();
      return all;
    },
  };
}

export type ViewerHub = ReturnType<typeof createViewerHub>;

function send(slot: ViewerSlot, message: LiveServerMessage) {
  try {
    slot.viewer.sendJson(message);
  } catch {
    // the viewer went away; its owner detaches it
  }
}

/** Sends the frame to a viewer that is ready and not behind; false when it must wait for it. */
function deliverFrame(slot: ViewerSlot, frame: Frame): boolean {
  let behind = true;
  try {
    behind = slot.viewer.bufferedAmount() > BEHIND_BYTES;
  } catch {
    // treat as behind
  }
  if (!slot.ready || behind) return false;
  try {
    slot.viewer.sendJson(frame.header);
    slot.viewer.sendBinary(frame.jpeg);
  } catch {
    // gone
  }
  return true;
}

/** Runs `tick` every CATCH_UP_MS from `start` until it returns false (nothing left to catch up) or `stop`. */
function createCatchUp(tick: () => boolean) {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (!tick()) stop();
      }, CATCH_UP_MS);
      timer.unref();
    },
    stop,
  };
}
