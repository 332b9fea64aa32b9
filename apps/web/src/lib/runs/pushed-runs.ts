/**
 * The runs the live stream pushed, with when. A read of a run sent before the stream pushed it
 * answers with what the run was then: while the run is pending nothing else tells the page, so
 * that late answer would hide what came since (a person being needed, say) until the next event,
 * which may never come while the run waits for that person. The read keeps the pushed run instead.
 */
export function createPushedRuns<T extends { id: string }>(now: () => number = () => performance.now()) {
  const pushed = new Map<string, { at: number; run: T }>();
  return {
    /** The stream pushed this run. */
    note(run: T): void {
      pushed.set(run.id, { at: now(), run });
    },
    /** Forget a run (its page closed). */
    forget(id: string): void {
      pushed.delete(id);
    },
    /** The run to keep for a read sent at `sentAt`: the pushed one when it came after the read was sent. */
    newest(read: T, sentAt: number): T {
      const entry = pushed.get(read.id);
      return entry && entry.at > sentAt ? entry.run : read;
    },
    /** A clock reading to pass back to `newest` once the read answers. */
    now,
  };
}
