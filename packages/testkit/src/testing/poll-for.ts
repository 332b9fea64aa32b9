import { expect } from "vitest";

export interface PollOptions {
  /** How long to keep reading before failing, in ms. */
  timeout: number;
  /** Between reads, in ms (default 50, as expect.poll's). */
  interval?: number;
  /** What is awaited, for the failure message. */
  message?: string;
}

/**
 * Reads until `ok` holds and returns the value that satisfied it: vitest's expect.poll, which
 * fails with the last value read after `timeout`, for the waits whose value the test goes on
 * with (expect.poll itself returns nothing). Only inside a test.
 */
export async function pollFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, options: PollOptions): Promise<T> {
  let last: { value: T } | undefined;
  await expect
    .poll(async () => {
      const value = await read();
      last = { value };
      return value;
    }, options)
    .toSatisfy(ok);
  return last!.value;
}
