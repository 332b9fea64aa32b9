import type { RunController } from "@errand/contract";
import type { LiveTarget } from "./live-types.ts";

/** A run executing in this process, as its worker offers it to viewers. */
export interface LiveRun {
  runId: string;
  userId: string;
  live: LiveTarget;
  controller(): RunController;
  /** A person takes the browser (the agent pauses) or hands it back. */
  setController(controller: RunController): void;
}

export interface LiveRuns {
  /** Called by the worker when a run starts; the returned function removes it. */
  register(run: LiveRun): () => void;
  get(runId: string): LiveRun | undefined;
}

/** Runs are executed by the worker inside this process; the server finds them here by id. */
export function createLiveRuns(): LiveRuns {
  const runs = new Map<string, LiveRun>();
  return {
    register(run) {
      runs.set(run.runId, run);
      return () => {
        if (runs.get(run.runId) === run) runs.delete(run.runId);
      };
    },
    get: (runId) => runs.get(runId),
  };
}
