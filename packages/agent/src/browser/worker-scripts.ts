import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { pageSession } from "./page-session.ts";

/**
 * Playwright's init scripts never reach workers, so a worker would report what the page hides
 * (WebGL's SwiftShader renderer, above all). Worker scripts loaded from a URL are given the same
 * script as their first line instead: each page's shared CDP session (page-session.ts) pauses responses of the resource
 * type Chromium gives a worker's script ("Other": page scripts are "Script") and prefixes those
 * that are JavaScript. Workers always decode their script as UTF-8, and take no integrity
 * attribute, so the prefix breaks nothing; on one line, it leaves the script's line numbers as
 * they were. `ready(page)` resolves once a page is watched (the browser manager's newPage waits
 * for it; a tab the site opens is watched from its creation, ready after a few milliseconds). Not
 * reached: workers made from blob: or data: URLs (no request), a worker's own workers, and
 * workers of cross-origin frames (their requests go through the frame's own target).
 */
export function prefixWorkerScripts(context: BrowserContext, script: string): { ready(page: Page): Promise<void> } {
  const prelude = `${script.replace(/\s*\n\s*/g, " ").trim()};`;
  const watching = new WeakMap<Page, Promise<void>>();
  const watch = (page: Page) => {
    let ready = watching.get(page);
    if (!ready) {
      ready = (async () => {
        const session = await pageSession(page).catch(() => null);
        if (!session) return; // the page closed first
        session.on("Fetch.requestPaused", (event: PausedResponse) => void answer(session, event, prelude));
        await session
          .send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Other", requestStage: "Response" }] })
          .catch(() => {});
      })();
      watching.set(page, ready);
    }
    return ready;
  };
  context.on("page", (page) => void watch(page));
  for (const page of context.pages()) void watch(page);
  return { ready: watch };
}

interface PausedResponse {
  requestId: string;
  responseStatusCode?: number;
  responseHeaders?: { name: string; value: string }[];
}

const JAVASCRIPT = /^\s*(text|application)\/(x-)?(javascript|ecmascript)\b/i;

async function answer(session: CDPSession, event: PausedResponse, prelude: string) {
  const { requestId } = event;
  try {
    const headers = event.responseHeaders ?? [];
    const type = headers.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "";
    if (event.responseStatusCode !== 200 || !JAVASCRIPT.test(type)) return await session.send("Fetch.continueRequest", { requestId });
    const { body, base64Encoded } = await session.send("Fetch.getResponseBody", { requestId });
    const text = base64Encoded ? Buffer.from(body, "base64").toString("utf8") : body;
    // The body is handed over decoded: its length and encoding headers no longer apply.
    const kept = headers.filter((h) => !["content-length", "content-encoding"].includes(h.name.toLowerCase()));
    await session.send("Fetch.fulfillRequest", {
      requestId,
      responseCode: 200,
      responseHeaders: kept,
      body: Buffer.from(prelude + text, "utf8").toString("base64"),
    });
  } catch {
    await session.send("Fetch.continueRequest", { requestId }).catch(() => {}); // the page or the request went away
  }
}
