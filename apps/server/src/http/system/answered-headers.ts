import type { Context } from "hono";

/**
 * Sets headers on the response a handler has already answered (middleware after `next()`).
 * Hono's `c.header()` at that point rebuilds the response for each header: a Web Response made
 * from the node adapter's lightweight one, its body turned into a stream the adapter then reads
 * chunk by chunk and writes in pieces (docs/adr/0061-api-read-overhead.md). The answer's headers
 * are changed in place instead, which sends the same headers. A response whose headers cannot
 * change (a `fetch()` answer, `Response.redirect()`) goes through `c.header()`, which copies it.
 */
export function setAnsweredHeaders(c: Context, headers: Iterable<readonly [string, string]>): void {
  const entries = [...headers];
  let target: Headers;
  try {
    target = c.res.headers;
    // An immutable Headers refuses the first change, so nothing is half set below.
    if (entries[0]) target.set(entries[0][0], entries[0][1]);
  } catch {
    for (const [name, value] of entries) c.header(name, value);
    return;
  }
  for (const [name, value] of entries.slice(1)) target.set(name, value);
}
