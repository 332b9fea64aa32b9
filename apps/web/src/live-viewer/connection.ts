import type { LIVE_CLOSE as ContractLiveClose, LiveServerMessage, ViewerMessage } from "@errand/contract";

/**
 * The contract's LIVE_CLOSE, checked against it at compile time (the literal types must match)
 * but not imported at runtime: a runtime import of "@errand/contract" would pull the whole
 * barrel (and zod) into this page's module graph, and its shared modules into the SPA's
 * initial "app" chunk.
 */
export const LIVE_CLOSE: typeof ContractLiveClose = { ended: 4000, unauthorized: 4401, notFound: 4404 };

/** The texts of the viewer's ended and error states (e2e tests look for them). */
export const END_TEXT = {
  incomplete: "This viewer link is incomplete.",
  unauthorized: "This viewer link has expired or is not valid. Open the browser again from Errand.",
  notFound: "This browsing session has ended.",
  lost: "The connection to the browser was lost.",
} as const;

/** The token from the URL fragment (`#token=…`), or null. */
export function readToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token ? token : null;
}

/** The live socket's address on the page's own origin. */
export function socketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/api/v1/live/socket?token=${encodeURIComponent(token)}`;
}

/**
 * What to show when the socket closed without an `ended` message first. `retry`: this socket
 * was a reconnection; `received`: it got at least one message. A failed reconnection reads as an
 * expired link, since the link's token is short-lived.
 */
export function closeOutcome(code: number, retry: boolean, received: boolean): { message: string; canReconnect: boolean } {
  if (code === LIVE_CLOSE.unauthorized) return { message: END_TEXT.unauthorized, canReconnect: false };
  if (code === LIVE_CLOSE.notFound || code === LIVE_CLOSE.ended) return { message: END_TEXT.notFound, canReconnect: false };
  if (retry && !received) return { message: END_TEXT.unauthorized, canReconnect: false };
  return { message: END_TEXT.lost, canReconnect: true };
}

export interface ConnectionHandlers {
  onOpen(): void;
  onMessage(message: LiveServerMessage): void;
  /** A binary message: one JPEG frame. */
  onFrame(data: ArrayBuffer): void;
  /** Not called after close() was called. `received`: whether any message arrived on this socket. */
  onClose(code: number, received: boolean): void;
}

/** One WebSocket to the live view, JSON text one way, JSON text and JPEG frames the other. */
export class LiveConnection {
  private readonly ws: WebSocket;
  private received = false;
  private closed = false;

  constructor(url: string, handlers: ConnectionHandlers) {
    this.ws = new WebSocket(url);
    this.ws.binaryType = "arraybuffer";
    this.ws.onopen = () => {
      if (!this.closed) handlers.onOpen();
    };
    this.ws.onmessage = (event: MessageEvent<unknown>) => {
      if (this.closed) return;
      this.received = true;
      if (event.data instanceof ArrayBuffer) {
        handlers.onFrame(event.data);
        return;
      }
      if (typeof event.data !== "string") return;
      let message: LiveServerMessage;
      try {
        message = JSON.parse(event.data) as LiveServerMessage;
      } catch {
        return;
      }
      if (message && typeof message === "object" && typeof message.type === "string") handlers.onMessage(message);
    };
    this.ws.onclose = (event) => {
      if (this.closed) return;
      this.closed = true;
      handlers.onClose(event.code, this.received);
    };
  }

  get isOpen(): boolean {
    return !this.closed && this.ws.readyState === WebSocket.OPEN;
  }

  send(message: ViewerMessage): void {
    if (this.isOpen) this.ws.send(JSON.stringify(message));
  }

  /** Closes the socket; no handler is called after this. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.ws.close(1000);
    } catch {
      // Already closing.
    }
  }
}
