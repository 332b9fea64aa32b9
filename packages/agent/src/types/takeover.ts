/**
 * Human take-over of a running agent: while a person holds control the agent does not act.
 * The step in flight finishes its model call, then drops its planned actions (they were planned
 * on a page the person may have changed) and the next step waits until control is handed back.
 */
export interface Takeover {
  /** Counts take-overs; a step compares it before and after its model call. */
  epoch(): number;
  paused(): boolean;
  /** Resolves when control is handed back (at once when not paused); rejects when `signal` aborts. */
  waitForRelease(signal: AbortSignal): Promise<void>;
  /** Resolves when a person takes control (at once when they have it); rejects when `signal` aborts. */
  waitForTake(signal: AbortSignal): Promise<void>;
}

export interface TakeoverSwitch extends Takeover {
  /** A person takes control. Returns false when they already had it. */
  take(): boolean;
  /** The agent gets control back. Returns false when it already had it. */
  release(): boolean;
}
