import type { LiveAttachment, LiveEndReason, LiveViewer } from "@errand/contract";

export type { LiveAttachment, LiveViewer };

/**
 * What services need of a live browser (the agent's createLiveBrowser gives it). Declared here
 * so services stay free of browser code: the runtime passes the real one in.
 */
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
