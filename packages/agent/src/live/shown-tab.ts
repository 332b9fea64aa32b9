import type { BrowserContext, Page } from "playwright-core";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { createPageInput } from "./page-input.ts";
import type { PageInput } from "./page-input.ts";
import { createPageView } from "./page-view.ts";
import type { PageView } from "./page-view.ts";

/**
 * The shown tab. Its DevTools session (the view) and input open when first needed, that is once
 * someone watches: a run nobody watches costs the browser no session and no events.
 */
export interface Shown {
  page: Page;
  view(): Promise<PageView | undefined>;
  input(): Promise<PageInput | undefined>;
  /** The view or input if opened already, else undefined. */
  openedView(): Promise<PageView | undefined> | undefined;
  openedInput(): Promise<PageInput | undefined> | undefined;
}

export interface ShownTabDeps {
  context: BrowserContext;
  quality: number;
  policy: AddressPolicy;
  resizable: boolean;
  /** A screencast frame of this tab, while it is the shown one. */
  onFrame(page: Page, jpeg: Buffer): void;
  /** The tab loaded, navigated or was resized: its state is sent again. */
  onChange(page: Page): void;
  afterResize(): void;
}

export function shownTab(page: Page, deps: ShownTabDeps): Shown {
  let view: Promise<PageView | undefined> | undefined;
  let input: Promise<PageInput | undefined> | undefined;
  const openView = () =>
    (view ??= createPageView(
      deps.context,
      page,
      { onFrame: (jpeg) => deps.onFrame(page, jpeg), onChange: () => deps.onChange(page) },
      deps.quality,
    ));
  return {
    page,
    view: openView,
    input: () =>
      (input ??= openView().then(
        (v) => v && createPageInput(page, v, { policy: deps.policy, resizable: deps.resizable, afterResize: deps.afterResize }),
      )),
    openedView: () => view,
    openedInput: () => input,
  };
}
