import type { ElementTarget, Locator as RecordedLocator } from "@errand/contract";
import type { ElementHandle, Frame, Locator, Page } from "playwright-core";
import { callInPage, loadInPageScript } from "../browser/in-page-script.ts";

const CANDIDATES_SOURCE = loadInPageScript(new URL("./in-page/locator-candidates.js", import.meta.url));

/** The Playwright locator a recorded locator stands for (exact matches only). */
export function toPlaywright(frame: Frame, locator: RecordedLocator): Locator {
  switch (locator.kind) {
    case "role":
      return frame.getByRole(locator.role as Parameters<Frame["getByRole"]>[0], { name: locator.name, exact: true });
    case "label":
      return frame.getByLabel(locator.text, { exact: true });
    case "placeholder":
      return frame.getByPlaceholder(locator.text, { exact: true });
    case "test_id":
      return frame.getByTestId(locator.value);
    case "text":
      return frame.getByText(locator.text, { exact: true });
    case "css":
      return frame.locator(locator.selector);
  }
}

async function sameElement(a: ElementHandle, b: ElementHandle): Promise<boolean> {
  return a.evaluate((x, y) => x === y, b).catch(() => false);
}

/**
 * The one element a locator finds in the frame, or null when it finds none or several. One round
 * trip that takes what is there now: a count, then a fetch bounded by a deadline, failed on a
 * loaded machine when the fetch took longer than its deadline.
 */
async function single(frame: Frame, locator: RecordedLocator): Promise<ElementHandle | null> {
  try {
    const found = (await toPlaywright(frame, locator).elementHandles()) as ElementHandle[];
    if (found.length === 1) return found[0]!;
    for (const handle of found) void handle.dispose().catch(() => {});
    return null;
  } catch {
    return null; // an invalid selector on this page, or the frame went away
  }
}

/**
 * What finds this element again: the in-page guesses that Playwright confirms find exactly it,
 * most robust first, and the iframes it sits in.
 */
export async function describeTarget(element: ElementHandle, description: string): Promise<ElementTarget | null> {
  const frame = await element.ownerFrame();
  if (!frame) return null;
  const guesses = await callInPage<RecordedLocator[]>(frame, CANDIDATES_SOURCE, element).catch(() => []);
  const locators: RecordedLocator[] = [];
  for (const guess of guesses) {
    const found = await single(frame, guess);
    if (found && (await sameElement(found, element))) locators.push(guess);
    void found?.dispose().catch(() => {});
  }
  if (locators.length === 0) return null;
  return { locators, frame_path: await framePath(frame), description };
}

async function framePath(frame: Frame): Promise<string[]> {
  const path: string[] = [];
  for (let current: Frame | null = frame; current?.parentFrame(); current = current.parentFrame()) {
    const parent = current.parentFrame()!;
    const owner = await current.frameElement().catch(() => null);
    if (!owner) return path;
    const guesses = await callInPage<RecordedLocator[]>(parent, CANDIDATES_SOURCE, owner).catch(() => []);
    const css = guesses.find((g) => g.kind === "css");
    path.unshift(css && css.kind === "css" ? css.selector : "iframe");
  }
  return path;
}

async function frameOf(page: Page, path: string[]): Promise<Frame | null> {
  let frame: Frame = page.mainFrame();
  for (const selector of path) {
    const owner = await frame
      .locator(selector)
      .first()
      .elementHandle({ timeout: 500 })
      .catch(() => null);
    const inner = await owner?.contentFrame();
    if (!inner) return null;
    frame = inner;
  }
  return frame;
}

export interface Found {
  element: ElementHandle;
  /** The locator that found it (its kind says how robust the find was). */
  by: RecordedLocator;
}

/**
 * Finds a recorded element on the page now: the first locator of the ladder that finds exactly
 * one element wins. Waits up to `timeoutMs` for it to appear (a page still rendering), or until
 * `settled` says the page has stopped changing without it.
 */
export async function findTarget(
  page: Page,
  target: ElementTarget,
  timeoutMs: number,
  opts: { sameName?: boolean; settled?: () => Promise<boolean> } = {},
): Promise<Found | null> {
  const deadline = Date.now() + timeoutMs;
  // A CSS path finds whatever sits in that place now: it counts only if the element there still
  // has the recorded name (another product in the first row must not be clicked instead). Not for
  // an element the answer is read from: its text is the data, which may have changed.
  const named = opts.sameName === false ? undefined : target.locators.find((l) => l.kind === "role" || l.kind === "text");
  const name = named?.kind === "role" ? named.name : named?.kind === "text" ? named.text : null;
  for (;;) {
    const frame = await frameOf(page, target.frame_path);
    if (frame) {
      for (const locator of target.locators) {
        const element = await single(frame, locator);
        if (!element) continue;
        if (locator.kind === "css" && name !== null && !(await hasName(element, name))) {
          void element.dispose().catch(() => {});
          continue;
        }
        return { element, by: locator };
      }
    }
    if (Date.now() >= deadline || page.isClosed() || (await opts.settled?.())) return null;
    await page.waitForTimeout(150);
  }
}

async function hasName(element: ElementHandle, name: string): Promise<boolean> {
  const shown = await element
    .evaluate((e) => {
      const el = e as unknown as { innerText?: string; value?: unknown; getAttribute(n: string): string | null };
      return [
        el.innerText ?? "",
        typeof el.value === "string" ? el.value : "",
        el.getAttribute("aria-label") ?? "",
        el.getAttribute("title") ?? "",
      ];
    })
    .catch(() => [] as string[]);
  const want = name.replace(/\s+/g, " ").trim();
  return shown.some((text) => text.replace(/\s+/g, " ").trim() === want);
}
