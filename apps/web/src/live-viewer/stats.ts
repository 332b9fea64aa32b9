/** Frames in the last second, from the times frames were drawn (ms, e.g. performance.now()). */
export class FpsCounter {
  private times: number[] = [];

  add(now: number): void {
    this.times.push(now);
    this.prune(now);
  }

  fps(now: number): number {
    this.prune(now);
    return this.times.length;
  }

  private prune(now: number): void {
    let drop = 0;
    while (drop < this.times.length && this.times[drop]! <= now - 1000) drop++;
    if (drop) this.times.splice(0, drop);
  }
}

/** What the page exposes as window.__liveStats (read by e2e tests and the benchmark). */
export interface LiveStats {
  /** Frames drawn on the canvas since the page loaded. */
  frames: number;
  /** The last ping round trip, in ms; null before the first pong. */
  lastRtt: number | null;
  /** Frames drawn in the last second. */
  fps: number;
}
