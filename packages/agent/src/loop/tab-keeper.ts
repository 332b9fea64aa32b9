import type { BrowserContext, Page } from "playwright-core";

/**
 * A fault the run cannot recover from: ends the run with status "error". `page_error` when the
 * page itself kept crashing or could not be read; `internal` when the browser is gone.
 */
export class BrowserFault extends Error {
  readonly kind: "page_error" | "internal";
  constructor(message: string, kind: "page_error" | "internal" = "internal") {
    super(message);
    this.name = "BrowserFault";
    this.kind = kind;
  }
}

const MAX_RECOVERIES = 3;

/**
 * Keeps track of the tab the agent works in, and gives it a usable one each step: when the
 * current tab was closed it moves to another, when it crashed it reopens its URL.
 */
export function createTabKeeper(context: BrowserContext, first: Page, prepare: (page: Page) => Promise<void> = async () => {}) {
  let current = first;
  const crashed = new WeakSet<Page>();
  let recoveries = 0;
  const watch = (page: Page) => page.on("crash", () => crashed.add(page));
  watch(first);
  context.on("page", watch);

  async function newPage(): Promise<Page> {
    try {
      const page = await context.newPage();
      await prepare(page);
      return page;
    } catch (error) {
      throw new BrowserFault(`The browser closed unexpectedly (${error instanceof Error ? error.message.split("\n")[0] : String(error)}).`);
    }
  }

  return {
    page: () => current,
    setPage(page: Page) {
      current = page;
    },
    /** A live tab to observe, plus a note for the model when something had to be fixed. */
    async ensureUsable(): Promise<string | null> {
      if (crashed.has(current) && !current.isClosed()) {
        if (++recoveries > MAX_RECOVERIES) throw new BrowserFault("The browser tab kept crashing.", "page_error");
        const url = current.url();
        await current.close().catch(() => {});
        current = await newPage();
        if (/^https?:/.test(url)) await current.goto(url, { waitUntil: "domcontentloaded", timeout: 15_000 }).catch(() => {});
        return `The tab crashed and was reopened at ${url}.`;
      }
      if (!current.isClosed()) return null;
      const open = context.pages().filter((p) => !p.isClosed());
      const last = open[open.length - 1];
      if (last) {
        current = last;
        return `The tab you were on was closed; you are now on tab ${open.length - 1} (${last.url()}).`;
      }
      if (++recoveries > MAX_RECOVERIES) throw new BrowserFault("Every tab was closed and could not be reopened.");
      current = await newPage();
      return "Every tab was closed; a new empty tab was opened.";
    },
    /** Another chance after a failed observation: reload the page once in a fresh tab. */
    async reopen(): Promise<void> {
      if (++recoveries > MAX_RECOVERIES) throw new BrowserFault("The page could not be read after several attempts.", "page_error");
      const url = current.url();
      const old = current;
      current = await newPage();
      await old.close().catch(() => {});
      if (/^https?:/.test(url)) await current.goto(url, { waitUntil: "domcontentloaded", timeout: 15_000 }).catch(() => {});
    },
    dispose() {
      context.off("page", watch);
    },
  };
}

export type TabKeeper = ReturnType<typeof createTabKeeper>;
