import type { BrowserContext, Request } from "playwright-core";
import { harEntry, type HarEntry } from "./har-entry.ts";

/** At most this many exchanges are kept; past it the HAR says it was cut (docs/adr/0051-run-har-trace-bundle.md). */
export const HAR_MAX_ENTRIES = 3000;

export interface HarDocument {
  log: {
    version: "1.2";
    creator: { name: "errand"; version: string };
    comment?: string;
    entries: HarEntry[];
  };
}

/**
 * Records the requests and responses of every tab of a run's browser context (its events cover
 * popups and new tabs) as HAR entries, metadata only, each value masked. `stop` detaches and
 * returns the HAR; requests still in flight are left out.
 */
export function recordHar(context: BrowserContext, mask: (text: string) => string) {
  const entries: HarEntry[] = [];
  const reading = new Set<Promise<void>>();
  let dropped = 0;
  const keep = (request: Request, failure?: string) => {
    // data: and blob: URLs are the page's own bytes, not network traffic (and may be large).
    if (/^(data|blob):/.test(request.url())) return;
    if (entries.length >= HAR_MAX_ENTRIES) return void dropped++;
    // The response is known once the request finished; reading it is a local lookup, not a round trip.
    const read = request
      .response()
      .catch(() => null)
      .then((response) => void entries.push(harEntry(request, response, mask, failure)))
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  };
  const onFinished = (request: Request) => keep(request);
  const onFailed = (request: Request) => keep(request, request.failure()?.errorText ?? "failed");
  context.on("requestfinished", onFinished);
  context.on("requestfailed", onFailed);
  return {
    async stop(): Promise<HarDocument> {
      context.off("requestfinished", onFinished);
      context.off("requestfailed", onFailed);
      await Promise.all(reading);
      entries.sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
      return {
        log: {
          version: "1.2",
          creator: { name: "errand", version: "1" },
          ...(dropped > 0 && { comment: `Cut at ${HAR_MAX_ENTRIES} requests: ${dropped} later requests are not in this file.` }),
          entries,
        },
      };
    },
  };
}
