import { createHash } from "node:crypto";
import type { Frame, Page } from "playwright-core";
import { fitLines } from "./fit-lines.ts";
import { pageFactsLine } from "./page-facts.ts";
import { createScreenshotter, SCREENSHOT_TYPE } from "./screenshot.ts";
import type { ScreenshotType } from "./screenshot.ts";
import { walkFrames } from "./walk-frames.ts";
import type { ElementRef, PreviousWalk } from "./walk-frames.ts";

export interface TabInfo {
  index: number;
  title: string;
  url: string;
  current: boolean;
}

export interface Observation {
  url: string;
  title: string;
  tabs: TabInfo[];
  /** Pixels of page above and below the viewport. */
  scroll: { above: number; below: number; viewport: number };
  /** The page as compact text: `[index]<tag attrs>label</tag>` plus visible text, fitted to the budget. */
  content: string;
  omittedLines: number;
  elementCount: number;
  /** Changes when the visible page changes (text, values, scroll, URL). For loop detection. */
  fingerprint: string;
  screenshot: Buffer | null;
  screenshotType: ScreenshotType;
}

export interface ObserverOptions {
  /** Character budget of the page text (about 3 characters per token). Default 5 500. */
  maxChars?: number;
  /** Take a screenshot each observation. Default true. */
  screenshot?: boolean;
}

export interface Observer {
  observe(page: Page): Promise<Observation>;
  /** The element an index of the latest observation points at. */
  element(index: number): ElementRef | undefined;
  /** Highest index of the latest observation, for error messages. */
  indexes(): number[];
}

export const DEFAULT_MAX_CHARS = 5_500;

/**
 * Turns the current tab into what the model reads each step. Keeps the previous walk per
 * frame so an element keeps its index from one step to the next.
 */
export function createObserver(opts: ObserverOptions = {}): Observer {
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  const screenshotter = createScreenshotter();
  let previous = new Map<Frame, PreviousWalk>();
  let previousPage: Page | undefined;
  const counter = { next: 1 };
  let elements = new Map<number, ElementRef>();

  async function walkWithRetry(page: Page) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await walkFrames(page.mainFrame(), previous, counter, maxChars);
      } catch (error) {
        // A navigation destroyed the document mid-walk: wait for the new one and walk again.
        if (attempt >= 2 || page.isClosed()) throw error;
        await page.waitForLoadState("domcontentloaded", { timeout: 5_000 }).catch(() => {});
      }
    }
  }

  return {
    async observe(page) {
      if (page !== previousPage) {
        for (const prev of previous.values()) void prev.result.dispose().catch(() => {});
        previous = new Map();
        counter.next = 1;
        previousPage = page;
      }
      const [walk, screenshot, tabs, facts] = await Promise.all([
        walkWithRetry(page),
        opts.screenshot === false ? Promise.resolve(null) : screenshotter.capture(page),
        listTabs(page),
        pageFactsLine(page.mainFrame()),
      ]);
      for (const [frame, prev] of previous) if (walk.results.get(frame)?.result !== prev.result) void prev.result.dispose().catch(() => {});
      previous = walk.results;
      elements = walk.elements;

      const { y, height, viewport } = walk.scroll;
      const fit = fitLines(walk.lines, { top: y, bottom: y + viewport }, maxChars - facts.length);
      let text = fit.text || "(the page shows no text)";
      if (walk.cut && !/more below: scroll down or use extract …\]$/.test(text)) text += "\n[… more below: scroll down or use extract …]";
      const content = facts ? `${facts}\n${text}` : text;
      const url = page.url();
      const fingerprint = createHash("sha1").update(`${url}\n${y}\n${content}`).digest("hex").slice(0, 16);
      return {
        url,
        title: walk.title,
        tabs: tabs.map((t) => (t.current ? { ...t, title: walk.title } : t)),
        scroll: { above: Math.max(0, y), below: Math.max(0, height - viewport - y), viewport },
        content,
        omittedLines: fit.omitted,
        elementCount: walk.elements.size,
        fingerprint,
        screenshot,
        screenshotType: SCREENSHOT_TYPE,
      };
    },
    element: (index) => elements.get(index),
    indexes: () => [...elements.keys()].sort((a, b) => a - b),
  };
}

async function listTabs(current: Page): Promise<TabInfo[]> {
  const pages = current.context().pages();
  return Promise.all(
    pages.map(async (p, index) => ({
      index,
      title: p === current ? "" : await withTimeout(p.title(), 1_000, ""),
      url: p.url(),
      current: p === current,
    })),
  );
}

async function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
