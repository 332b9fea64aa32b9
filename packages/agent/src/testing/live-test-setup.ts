import { viewerMessageSchema } from "@errand/contract";
import { launchTestChromium, startFixtureSites } from "@errand/testkit";
import type { FixtureSites } from "@errand/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createLiveBrowser } from "../live/create-live-browser.ts";
import type { LiveAttachment } from "../live/types.ts";
import { createAddressPolicy } from "../safety/address-policy.ts";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { pollFor } from "@errand/testkit/testing";
import { createRecordingViewer } from "./recording-viewer.ts";

export const VIEWPORT = { width: 800, height: 600 };

/** A browser and the fixture sites for one test file, and live browsers on fixture pages. */
export function liveTestSetup() {
  let browser: Browser | undefined;
  let sites: FixtureSites | undefined;
  const contexts: BrowserContext[] = [];

  return {
    async start() {
      [browser, sites] = await Promise.all([launchTestChromium(), startFixtureSites()]);
    },
    async stop() {
      await browser?.close();
      await sites?.close();
    },
    async closeContexts() {
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
    },
    url: (path: string) => `${sites!.url}${path}`,
    /** An empty context (no tab yet), closed after the test. */
    async newContext() {
      const context = await browser!.newContext({ viewport: VIEWPORT });
      contexts.push(context);
      return context;
    },
    /** A tab on the fixture page and a live browser on its context with one viewer, after its first frame. */
    async open(path: string, options: { policy?: AddressPolicy; interactive?: boolean; onActivity?: () => void } = {}) {
      const context = await browser!.newContext({ viewport: VIEWPORT });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${sites!.url}${path}`);
      const live = await createLiveBrowser(context, {
        policy: options.policy ?? createAddressPolicy({ allowPrivate: true }),
        interactive: options.interactive ?? true,
        onActivity: options.onActivity,
      });
      const viewer = createRecordingViewer();
      const attachment = live.attach(viewer);
      await pollFor(() => viewer.frames.length > 0, { timeout: 5_000, interval: 25, message: "the first frame" });
      return { context, page, live, viewer, attachment };
    },
  };
}

/** A message as the viewer would send it (defaults filled in by the contract's schema). */
export const msg = (message: Record<string, unknown>) => viewerMessageSchema.parse(message);

/** A left click at the centre of the element, through the live browser. */
export async function clickAt(attachment: LiveAttachment, page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: "left", clickCount: 1 };
  await attachment.receive(msg({ type: "mouse", action: "down", ...at }));
  await attachment.receive(msg({ type: "mouse", action: "up", ...at }));
}

/** Key down/up for each character, as a browser reports them. */
export async function typeKeys(attachment: LiveAttachment, text: string) {
  for (const key of text) {
    await attachment.receive(msg({ type: "key", action: "down", key, code: "", text: key }));
    await attachment.receive(msg({ type: "key", action: "up", key, code: "" }));
  }
}
