import type { LiveEndReason, LiveServerMessage, ViewerMessage } from "@errand/contract";

/**
 * What services need of a live browser (the agent's createLiveBrowser gives it). Declared here
 * so services stay free of browser code: the runtime passes the real one in.
 */
export interface LiveViewer {
  sendJson(message: LiveServerMessage): void;
  sendBinary(data: Buffer): void;
  bufferedAmount(): number;
}

export interface LiveAttachment {
  receive(message: ViewerMessage): Promise<void>;
  detach(): void;
}

export interface LiveTarget {
  attach(viewer: LiveViewer): LiveAttachment;
  setInteractive(interactive: boolean): void;
  notice(message: string): void;
  end(reason: LiveEndReason, message: string): void;
}

/** A saved login as Playwright's storage state: cookies and each origin's local storage. */
export interface SavedState {
  cookies: SavedCookie[];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

export interface SavedCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
}
