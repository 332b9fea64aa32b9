import type { LiveAttachment, LiveEndReason, LiveViewer } from "@errand/contract";
import type { Page } from "playwright-core";
import type { AddressPolicy } from "../safety/address-policy.ts";

/** A viewport or frame size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

export type { LiveAttachment, LiveViewer };

export interface LiveBrowserOptions {
  /** Navigation from the address bar is checked with it. */
  policy: AddressPolicy;
  /** Initially: may viewers act? (false = watch only) */
  interactive: boolean;
  /** Called on every input message but pings (the owner resets an idle timer). */
  onActivity?: () => void;
  /** JPEG quality of the frames, 0-100. Default 70. */
  jpegQuality?: number;
  /** May viewers resize the page to their window? Default true; a run's viewport stays the agent's. */
  resizable?: boolean;
}

export interface LiveBrowser {
  attach(viewer: LiveViewer): LiveAttachment;
  /**
   * Switch watch-only/interactive; every viewer gets a new "state" message. Input that arrived
   * while interactive is still applied after a switch to watch-only: the returned promise
   * resolves once it has been, and keys and buttons held are released.
   */
  setInteractive(interactive: boolean): Promise<void>;
  /** A short message shown to every viewer ({type:"notice"}). */
  notice(message: string): void;
  /** Sends {type:"ended"} to every viewer, detaches them and stops the screencast. Idempotent. Does not close the context. */
  end(reason: LiveEndReason, message: string): void;
  /** The page the viewers see (the newest open tab; when it closes, the previous one). */
  page(): Page | undefined;
  viewerCount(): number;
}
