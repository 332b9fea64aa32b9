import { z } from "zod";

/**
 * The live viewer's protocol over its WebSocket. The server sends JPEG frames as binary
 * messages and everything else as JSON text; the viewer sends JSON text only.
 */
const modifiers = z.number().int().min(0).max(15).default(0); // CDP: Alt=1, Ctrl=2, Meta=4, Shift=8
const coordinate = z.number().finite().min(-10_000).max(100_000);

export const viewerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("mouse"),
    action: z.enum(["down", "up", "move"]),
    x: coordinate,
    y: coordinate,
    button: z.enum(["none", "left", "middle", "right"]).default("none"),
    clickCount: z.number().int().min(0).max(3).default(0),
    modifiers,
  }),
  z.object({ type: z.literal("wheel"), x: coordinate, y: coordinate, deltaX: z.number().finite(), deltaY: z.number().finite(), modifiers }),
  z.object({
    type: z.literal("key"),
    action: z.enum(["down", "up"]),
    key: z.string().max(32),
    code: z.string().max(32),
    /** The character(s) a keydown types, when it types any. */
    text: z.string().max(8).optional(),
    modifiers,
  }),
  /** Pasted or composed text, inserted as typed. */
  z.object({ type: z.literal("text"), text: z.string().max(10_000) }),
  z.object({ type: z.literal("resize"), width: z.number().int().min(200).max(3840), height: z.number().int().min(200).max(2160) }),
  z.object({ type: z.literal("navigate"), url: z.string().max(2048) }),
  z.object({ type: z.literal("back") }),
  z.object({ type: z.literal("forward") }),
  z.object({ type: z.literal("reload") }),
  /** Echoed as a pong: the viewer measures round trips with it. */
  z.object({ type: z.literal("ping"), t: z.number() }),
]);
export type ViewerMessage = z.infer<typeof viewerMessageSchema>;

export type LiveEndReason = "closed" | "idle" | "expired" | "saved" | "finished" | "replaced" | "error";

export type LiveServerMessage =
  /** The page the frames show, and whether this viewer may act in it. */
  | {
      type: "state";
      url: string;
      title: string;
      canGoBack: boolean;
      canGoForward: boolean;
      viewport: { width: number; height: number };
      /** false while an agent drives the browser (watch only). */
      interactive: boolean;
      loading: boolean;
    }
  /** Sent just before each binary frame. */
  | { type: "frame"; width: number; height: number; seq: number }
  | { type: "notice"; message: string }
  | { type: "pong"; t: number }
  | { type: "ended"; reason: LiveEndReason; message: string };

/** WebSocket close codes the viewer tells apart. */
export const LIVE_CLOSE = {
  ended: 4000,
  unauthorized: 4401,
  notFound: 4404,
} as const;

/**
 * One remote viewer of a live browser, e.g. a WebSocket wrapped by the HTTP server: the agent's
 * live browser sends to it, services hand it over without knowing browser code.
 */
export interface LiveViewer {
  sendJson(message: LiveServerMessage): void;
  sendBinary(data: Uint8Array): void;
  /** Bytes queued but not yet sent; frames are skipped for a viewer that is behind (> ~1 MB). */
  bufferedAmount(): number;
}

/** A viewer attached to a live browser. */
export interface LiveAttachment {
  /** Applies one message from this viewer (already parsed with viewerMessageSchema). Never throws. */
  receive(message: ViewerMessage): Promise<void>;
  detach(): void;
}
