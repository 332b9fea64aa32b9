import type { BrowserContext, Page } from "playwright-core";

export interface TabFollower {
  /** The shown tab (or, while its close is being handled, the newest open one). */
  current(): Page | undefined;
  stop(): void;
}

/**
 * Follows a context's tabs like a person would: the newest tab is shown (a tab the page opens
 * takes over), and when the shown tab closes, the most recent still-open one. No tab is ever
 * opened here; with none left, `onShow(undefined)`.
 */
export function followTabs(context: BrowserContext, onShow: (page: Page | undefined) => void): TabFollower {
  const tabs: Page[] = [];
  const closeHandlers = new Map<Page, () => void>();
  let shown: Page | undefined;
  let stopped = false;

  function show(page: Page | undefined) {
    if (stopped || (page && page === shown)) return;
    shown = page;
    onShow(page);
  }

  function watch(page: Page) {
    if (closeHandlers.has(page)) return;
    tabs.push(page);
    const onClose = () => {
      closeHandlers.delete(page);
      tabs.splice(tabs.indexOf(page), 1);
      if (shown === page) show(tabs[tabs.length - 1]);
    };
    closeHandlers.set(page, onClose);
    page.once("close", onClose);
  }

  const onPage = (page: Page) => {
    if (stopped || page.isClosed()) return;
    watch(page);
    show(page);
  };

  for (const page of context.pages()) if (!page.isClosed()) watch(page);
  context.on("page", onPage);
  show(tabs[tabs.length - 1]);

  return {
    current: () => (shown && !shown.isClosed() ? shown : tabs.filter((p) => !p.isClosed()).at(-1)),
    stop() {
      stopped = true;
      context.off("page", onPage);
      for (const [page, onClose] of closeHandlers) page.off("close", onClose);
      closeHandlers.clear();
    },
  };
}
