import { test as base, type Browser, type BrowserContext, type Request } from "@playwright/test";
import { PAGE_LOADS_ATTACHMENT } from "./page-load-reporter.ts";

/*
 * The `test` every spec uses: Playwright's, plus, when asked for (`E2E_COUNT_LOADS=1`), a count
 * of the documents each test loads in its browser (page.goto, reload, a link or a form that loads
 * a page, a sign-in's redirect). One load of the app costs the test browser's renderer about 0.6
 * CPU-seconds, most of Playwright's stage in npm test (docs/benchmarks.md, "npm test"):
 * e2e/page-load-reporter.ts sums them per spec. Without the variable this is Playwright's `test`,
 * unchanged: the counter's fixture needs the browser, which API-only tests would otherwise not start.
 */
export * from "@playwright/test";

/** A request that loads a document into a page's main frame (not a same-document move of the app's router). */
function isDocumentLoad(request: Request): boolean {
  if (!request.isNavigationRequest() || request.redirectedFrom()) return false;
  try {
    return request.frame().parentFrame() === null;
  } catch {
    // A navigation without a frame (a service worker's): no document of a page.
    return false;
  }
}

/** Where a load went: the path on the app's origin, the whole address elsewhere (fixture sites, the fake Stripe). */
function loadName(url: string, baseURL: string | undefined): string {
  const address = new URL(url);
  const name = baseURL && address.origin === new URL(baseURL).origin ? address.pathname : `${address.origin}${address.pathname}`;
  return name.length > 120 ? `${name.slice(0, 117)}...` : name;
}

/**
 * Watches every context the test makes: the `context` fixture's and the test's own
 * (browser.newContext, browser.newPage), until the test ends.
 */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => void): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const context = await newContext.apply(browser, args);
    watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

const countingTest = base.extend<{ countPageLoads: void }>({
  countPageLoads: [
    async ({ browser, baseURL }, use, testInfo) => {
      const loads: string[] = [];
      const stop = watchNewContexts(browser, (context) => {
        context.on("request", (request) => {
          if (isDocumentLoad(request)) loads.push(loadName(request.url(), baseURL));
        });
      });
      await use();
      stop();
      await testInfo.attach(PAGE_LOADS_ATTACHMENT, { body: JSON.stringify(loads), contentType: "application/json" });
    },
    { auto: true },
  ],
});

export const test: typeof base = process.env.E2E_COUNT_LOADS === "1" ? countingTest : base;
