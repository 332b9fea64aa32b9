import type { RunController, RunLive } from "@errand/contract";
import type { RunControlAction } from "../../api/run-live";
import { readViewerEvent } from "../../live-viewer/parent-link";

/**
 * The "Live browser" panel of a pending run. Nothing is opened until the person asks
 * (a screencast costs the server work): idle -> opening -> watching, or unavailable (409, with the
 * server's reason) or failed (anything else). While watching, `changing` is the control request
 * in flight.
 */
export type LiveRunState =
  | { status: "idle" }
  | { status: "opening" }
  | { status: "watching"; live: RunLive; changing: RunControlAction | null }
  | { status: "unavailable"; message: string }
  | { status: "failed" };

export type LiveRunAction =
  | { type: "open" }
  | { type: "opened"; live: RunLive }
  | { type: "unavailable"; message: string }
  | { type: "failed" }
  | { type: "control"; action: RunControlAction }
  | { type: "controlled"; controller: RunController }
  | { type: "controlFailed" }
  /** The viewer iframe reported whether the person may act (see viewerAction). */
  | { type: "viewerState"; interactive: boolean }
  | { type: "close" };

export const IDLE: LiveRunState = { status: "idle" };

export function liveRunReducer(state: LiveRunState, action: LiveRunAction): LiveRunState {
  switch (action.type) {
    case "open":
      return state.status === "opening" || state.status === "watching" ? state : { status: "opening" };
    case "opened":
      return state.status === "opening" ? { status: "watching", live: action.live, changing: null } : state;
    case "unavailable":
      return state.status === "idle" ? state : { status: "unavailable", message: action.message };
    case "failed":
      return state.status === "opening" ? { status: "failed" } : state;
    case "control":
      return state.status === "watching" && state.changing === null ? { ...state, changing: action.action } : state;
    case "controlled":
      return state.status === "watching" ? { ...state, live: { ...state.live, controller: action.controller }, changing: null } : state;
    case "controlFailed":
      return state.status === "watching" ? { ...state, changing: null } : state;
    case "viewerState": {
      // The browser is the truth: control can go back to the agent without this page asking
      // (the take-over limit) or come to the person from another tab. A request in flight stays.
      if (state.status !== "watching") return state;
      const controller: RunController = action.interactive ? "person" : "agent";
      return state.live.controller === controller ? state : { ...state, live: { ...state.live, controller } };
    }
    case "close":
      return IDLE;
  }
}

/**
 * The action for a message the run's viewer iframe posted (live-viewer/parent-link.ts), or null
 * for anything else. The caller checks the message's origin and source window.
 */
export function viewerAction(data: unknown): LiveRunAction | null {
  const event = readViewerEvent(data);
  return event?.type === "state" ? { type: "viewerState", interactive: event.interactive } : null;
}

/** Who drives the browser, when someone is watching it. */
export function liveController(state: LiveRunState): RunController | null {
  return state.status === "watching" ? state.live.controller : null;
}

/** The sentence of the panel's aria-live region. */
export function liveAnnouncement(state: LiveRunState): string {
  switch (state.status) {
    case "idle":
      return "";
    case "opening":
      return "Opening the live browser…";
    case "watching":
      return state.live.controller === "person" ? "You are in control. The agent is paused." : "The agent is in control. You are watching.";
    case "unavailable":
      return state.message;
    case "failed":
      return "The live browser could not be opened. Please try again.";
  }
}
