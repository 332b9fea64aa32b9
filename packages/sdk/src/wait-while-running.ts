import { ErrandTimeoutError } from "./errors.ts";
import type { WaitWhileRunningOptions } from "./types.ts";

/**
 * Reads something that runs a while (`what`: "batch", "evaluation") every `pollMs` until its status
 * is no longer running, and resolves with that reading; `onProgress` gets each one.
 */
export async function waitWhileRunning<T extends { status: string }>(
  read: (signal: AbortSignal | undefined) => Promise<T>,
  options: WaitWhileRunningOptions<T>,
  what: string,
  pollMs: number,
): Promise<T> {
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  for (;;) {
    const item = await read(options.signal);
    options.onProgress?.(item);
    if (item.status !== "running") return item;
    if (Date.now() >= deadline) throw new ErrandTimeoutError(`The ${what} had not finished after ${options.timeoutMs} ms (it keeps going)`);
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? pollMs));
    options.signal?.throwIfAborted();
  }
}
