/**
 * Runs an async job for each pushed item, one at a time, keeping only the newest item while a
 * job runs: the frames that arrive while one decodes are dropped but the last of them. Returns
 * how many items were dropped through `dropped`.
 */
export class LatestOnly<T> {
  private running = false;
  private pending: { item: T } | null = null;
  private stopped = false;
  dropped = 0;

  constructor(private readonly job: (item: T) => Promise<void>) {}

  push(item: T): void {
    if (this.stopped) return;
    if (this.running) {
      if (this.pending) this.dropped++;
      this.pending = { item };
      return;
    }
    void this.run(item);
  }

  /** Drops the waiting item and ignores further pushes. */
  stop(): void {
    this.stopped = true;
    this.pending = null;
  }

  private async run(item: T): Promise<void> {
    this.running = true;
    let next: { item: T } | null = { item };
    while (next && !this.stopped) {
      try {
        await this.job(next.item);
      } catch {
        // A frame that fails to decode is skipped.
      }
      next = this.pending;
      this.pending = null;
    }
    this.running = false;
  }
}
