import { expect } from "vitest";

export interface PollOptions {
  /** How long to keep reading before failing, in ms. */
  timeout: number;
  /** Between reads, in ms (default 50, as expect.poll's). */
  interval?: number;
  /** What is awaited, for the failure message. */
  message?: string;
}

type Truthy<T> = Exclude<T, undefined | null | false | 0 | "">;

/**
 * Reads until `ok` holds (without `ok`: until the value is truthy) and returns the value that
 * satisfied it: vitest's expect.poll, which fails with the last value read after `timeout`, for
 * the waits whose value the test goes on with (expect.poll itself returns nothing). Only inside a test.
 */
export async function pollFor<T>(read: () => T | Promise<T>, options: PollOptions): Promise<Truthy<T>>;
export async function pollFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, options: PollOptions): Promise<T>;
export async function pollFor<T>(
  read: () => T | Promise<T>,
  okOrOptions: ((value: T) => boolean) | PollOptions,
  maybeOptions?: PollOptions,
): Promise<T> {
  const [ok, options] = typeof okOrOptions === "function" ? [okOrOptions, maybeOptions!] : [(value: T) => Boolean(value), okOrOptions];
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
