/**
 * Counts successive clicks (1, 2, 3) for the mouse events sent to the remote page. Pointer events
 * report detail 0, so the count is kept here: a press continues the series when it comes within
 * 500 ms of the previous one, with the same button, within 5 px.
 */
export class ClickCounter {
  private last: { time: number; x: number; y: number; button: string; count: number } | null = null;

  constructor(
    private readonly intervalMs = 500,
    private readonly slopPx = 5,
  ) {}

  /** Call on each press; returns its click count (1 to 3). */
  press(time: number, x: number, y: number, button: string): number {
    const prev = this.last;
    const continues =
      prev !== null &&
      prev.button === button &&
      time - prev.time <= this.intervalMs &&
      Math.abs(x - prev.x) <= this.slopPx &&
      Math.abs(y - prev.y) <= this.slopPx;
    const count = continues ? (prev.count % 3) + 1 : 1;
    this.last = { time, x, y, button, count };
    return count;
  }

  reset(): void {
    this.last = null;
  }
}
