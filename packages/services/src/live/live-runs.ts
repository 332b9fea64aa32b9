import type { RunController } from "@errand/contract";
import type { LiveAnnouncer } from "./live-announcer.ts";
import type { LiveTarget } from "./live-types.ts";

/** A run executing in this process, as its worker offers it to viewers. */
export interface LiveRun {
  runId: string;
  /** Who started it (null once their account is deleted): recorded with its live endpoint. */
  userId: string | null;
  /** Its workspace: every member who can read the run may watch it (docs/adr/0040-team-workspaces-outlive-their-members.md). */
  workspaceId: string;
  live: LiveTarget;
  controller(): RunController;
  /** A person takes the browser (the agent pauses) or hands it back. */
  setController(controller: RunController): void;
}

export interface LiveRuns {
  /** The worker is about to start this run here (its browser is not open yet). Returns the undo. */
  expect(runId: string): () => void;
  /** Called by the worker once the run's browser is open; the returned function removes it. */
  register(run: LiveRun): () => void;
  get(runId: string): LiveRun | undefined;
  /** The run once its browser is open, if this process is starting it; undefined otherwise or after `ms`. */
  whenLive(runId: string, ms: number): Promise<LiveRun | undefined>;
}

/** A run's row in live_endpoints outlives no run: this only bounds one left by a killed process. */
const RUN_ENDPOINT_TTL_MS = 24 * 3600_000;

/**
 * Runs are executed by the worker inside this process; the server finds them here by id.
 * `announcer`: records each in live_endpoints while its browser is open, for other processes.
 */
export function createLiveRuns(announcer?: LiveAnnouncer): LiveRuns {
  const runs = new Map<string, LiveRun>();
  const starting = new Map<string, Set<(run: LiveRun | undefined) => void>>();
  const settle = (runId: string, run: LiveRun | undefined) => {
    const waiters = starting.get(runId);
    starting.delete(runId);
    for (const wake of waiters ?? []) wake(run);
  };
  return {
    expect(runId) {
      if (!starting.has(runId)) starting.set(runId, new Set());
      return () => {
        if (!runs.has(runId)) settle(runId, undefined);
      };
    },
    register(run) {
      runs.set(run.runId, run);
      settle(run.runId, run);
      void announcer?.opened({ kind: "run", id: run.runId, userId: run.userId, expiresAt: new Date(Date.now() + RUN_ENDPOINT_TTL_MS) });
      return () => {
        if (runs.get(run.runId) !== run) return;
        runs.delete(run.runId);
        announcer?.closed({ kind: "run", id: run.runId });
      };
    },
    get: (runId) => runs.get(runId),
    whenLive(runId, ms) {
      const found = runs.get(runId);
      const waiters = starting.get(runId);
      if (found || !waiters) return Promise.resolve(found);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(undefined);
        }, ms);
        const wake = (run: LiveRun | undefined) => {
          clearTimeout(timer);
          resolve(run);
        };
        waiters.add(wake);
      });
    },
  };
}
