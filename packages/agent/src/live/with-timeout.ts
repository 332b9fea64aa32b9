/** The promise's value, or `fallback` once `ms` have passed (the promise keeps running; its rejection is swallowed). */
export async function withTimeout<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  promise.catch(() => {});
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first line of an error's message, without Playwright's "page.goto: " style prefix. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? "").replace(/^[a-zA-Z]+\.[a-zA-Z]+: /, "").trim();
}
