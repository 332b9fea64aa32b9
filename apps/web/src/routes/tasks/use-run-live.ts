import { useEffect, useReducer, useRef, type RefObject } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../../api/http";
import { releaseRunControlOnExit, setRunControl, startRunLive, type RunControlAction } from "../../api/run-live";
import { runsKeys } from "../../api/runs";
import { notify } from "../../components/ui/notify";
import { useViewerEvents } from "../../lib/hooks/use-viewer-events";
import { IDLE, liveController, liveRunReducer, viewerAction, type LiveRunState } from "./live-run-state";

const NOT_RUNNING = "This run is not running any more.";
const UNAVAILABLE = "The live browser is not available on this server.";

export interface RunLiveControls {
  state: LiveRunState;
  /** For the viewer's iframe: only its messages are listened to. */
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** POST /runs/{id}/live: a fresh viewer link each time (its token is short-lived). */
  watch: () => void;
  /** Take the browser from the agent ("take") or hand it back ("release"). */
  control: (action: RunControlAction) => void;
  /** Hide the browser (handing it back first if the person drives it). */
  stop: () => void;
}

/**
 * Whether the page is still on screen, and whether the person drives the browser: if the page
 * goes away meanwhile, the browser is handed back to the agent (best effort), so the run is not
 * left paused.
 */
function useHandBackOnExit(runId: string, controller: ReturnType<typeof liveController>) {
  const mounted = useRef(true);
  const inControl = useRef(false);
  useEffect(() => {
    inControl.current = controller === "person";
  }, [controller]);
  useEffect(() => {
    mounted.current = true;
    const release = () => {
      if (!inControl.current) return;
      inControl.current = false;
      releaseRunControlOnExit(runId);
    };
    window.addEventListener("pagehide", release);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", release);
      release();
    };
  }, [runId]);
  return { mounted, inControl };
}

/**
 * The live browser of a pending run, opened on demand. A 409 (the run ended, or it runs where it
 * cannot be shown) or a 503 keeps the server's reason; a 409 also reloads the run. If the page goes
 * away while the person drives, the browser is handed back to the agent (best effort), so the run
 * is not left paused. The viewer iframe reports whether the person may act, so a hand-back the
 * page did not ask for (the take-over limit, another tab) shows.
 */
export function useRunLive(runId: string): RunLiveControls {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(liveRunReducer, IDLE);
  const { mounted, inControl } = useHandBackOnExit(runId, liveController(state));
  const frameRef = useRef<HTMLIFrameElement>(null);

  useViewerEvents(frameRef, (event) => {
    const action = viewerAction(event);
    if (action) dispatch(action);
  });

  /**
   * 409: the run cannot be shown (it ended, waits for a worker, or runs in another process);
   * 503: this server has no browser. Either way keep the server's reason; after a 409 also refresh
   * the run's status (if it ended, the panel goes away).
   */
  function handleConflict(error: unknown): boolean {
    if (!(error instanceof ApiRequestError) || (error.status !== 409 && error.status !== 503)) return false;
    dispatch({ type: "unavailable", message: error.serverMessage ?? (error.status === 409 ? NOT_RUNNING : UNAVAILABLE) });
    if (error.status === 409) void queryClient.invalidateQueries({ queryKey: runsKeys.run(runId), exact: true });
    return true;
  }

  async function watch() {
    if (state.status === "opening" || state.status === "watching") return;
    dispatch({ type: "open" });
    try {
      const live = await startRunLive(runId);
      if (mounted.current) dispatch({ type: "opened", live });
    } catch (error) {
      if (!mounted.current || handleConflict(error)) return;
      dispatch({ type: "failed" });
    }
  }

  async function control(action: RunControlAction) {
    if (state.status !== "watching" || state.changing !== null) return;
    dispatch({ type: "control", action });
    try {
      const next = await setRunControl(runId, action);
      if (mounted.current) dispatch({ type: "controlled", controller: next.controller });
    } catch (error) {
      if (!mounted.current || handleConflict(error)) return;
      dispatch({ type: "controlFailed" });
      notify.error(
        "Error",
        action === "take"
          ? "Could not take control of the browser. Please try again."
          : "Could not hand the browser back to the agent. Please try again.",
      );
    }
  }

  function stop() {
    if (inControl.current) {
      inControl.current = false;
      void setRunControl(runId, "release").catch(() => undefined);
    }
    dispatch({ type: "close" });
  }

  return { state, frameRef, watch: () => void watch(), control: (action) => void control(action), stop };
}
