import { readFileSync } from "node:fs";
import type { Frame, JSHandle, Page } from "playwright-core";

/**
 * Code that runs inside pages lives in plain .js files next to the code that uses it, so no
 * build step (tsx, vitest) can inject helpers into it. Each file is an expression that yields
 * a function; it is turned into a function handle in the page, then called with the argument
 * (which may contain element handles).
 */
export function loadInPageScript(url: URL): string {
  return readFileSync(url, "utf8");
}

export async function callInPageHandle(target: Frame | Page, source: string, arg?: unknown): Promise<JSHandle> {
  const fn = await target.evaluateHandle(source);
  try {
    return await fn.evaluateHandle((f, a) => (f as (x: unknown) => unknown)(a), arg);
  } finally {
    void fn.dispose().catch(() => {});
  }
}

export async function callInPage<T>(target: Frame | Page, source: string, arg?: unknown): Promise<T> {
  const fn = await target.evaluateHandle(source);
  try {
    return (await fn.evaluate((f, a) => (f as (x: unknown) => unknown)(a), arg)) as T;
  } finally {
    void fn.dispose().catch(() => {});
  }
}
