import { fitContain } from "./geometry.ts";
import { LatestOnly } from "./latest-only.ts";

/** Draws JPEG frames on the canvas and keeps it letterboxed (centered, aspect kept) in its stage. */
export class CanvasView {
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly queue: LatestOnly<ArrayBuffer>;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly stage: HTMLElement,
    /** Called after each frame is drawn, with the frame's size in bytes. */
    private readonly onDrawn: (bytes: number) => void,
  ) {
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.queue = new LatestOnly((buf) => this.draw(buf));
  }

  /** A frame arrived: decoded unless another is decoding, in which case only the newest waits. */
  push(buf: ArrayBuffer): void {
    this.queue.push(buf);
  }

  /** Sizes the canvas element to the largest frame-shaped rect that fits the stage. */
  layout(): void {
    const { width, height } = this.canvas;
    if (!width || !height) return;
    const fit = fitContain({ width: this.stage.clientWidth, height: this.stage.clientHeight }, { width, height });
    this.canvas.style.width = `${fit.width}px`;
    this.canvas.style.height = `${fit.height}px`;
  }

  private async draw(buf: ArrayBuffer): Promise<void> {
    const bitmap = await createImageBitmap(new Blob([buf], { type: "image/jpeg" }));
    try {
      if (this.canvas.width !== bitmap.width || this.canvas.height !== bitmap.height) {
        this.canvas.width = bitmap.width;
        this.canvas.height = bitmap.height;
        this.layout();
      }
      this.ctx?.drawImage(bitmap, 0, 0);
    } finally {
      bitmap.close();
    }
    this.onDrawn(buf.byteLength);
  }
}
