import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createBrowserManager } from "@errand/agent";
import { createLocalFileStorage } from "@errand/services/storage";
import { startFixtureSites, testBrowserPath } from "@errand/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSession } from "./record-session.ts";
import { storedSessionRecording } from "./testing/stored-session-recording.ts";

// The recorder alone in a real run context (the worker's browser manager, its guard proxy and init
// scripts), without a database: what it does to the pages it records (docs/adr/0047-session-recordings.md).
const RUN_ID = "00000000-0000-4000-8000-0000000000a7";
const quiet = { log: { info: () => undefined, warn: () => undefined } } as never;

let sites: Awaited<ReturnType<typeof startFixtureSites>>;
let root: string;
const browser = createBrowserManager({ browserPath: testBrowserPath() });
beforeAll(async () => {
  [sites, root] = await Promise.all([startFixtureSites(), mkdtemp(path.join(tmpdir(), "errand-record-"))]);
});
afterAll(() => Promise.all([browser.close(), sites?.close(), root && rm(root, { recursive: true, force: true })]));

describe("session recorder in the page", () => {
  it("records each document of a tab without adding a frame or an element to the page", async () => {
    const storage = createLocalFileStorage({ root, baseUrl: "http://127.0.0.1", secret: Buffer.alloc(32, 1) });
    const context = await browser.newContext({ network: { allowHosts: [new URL(sites.url).host] } });
    try {
      const recorder = await recordSession({ ctx: quiet, storage, runId: RUN_ID, context, secrets: { credentials: [], login: null } });
      const page = await context.newPage();
      const attached: string[] = [];
      page.on("frameattached", (frame) => attached.push(frame.url() || "(new frame)"));
      // What the page's own scripts would see: every element added to its document after it loaded.
      await page.addInitScript({
        content: `window.addedByOthers = [];
          addEventListener("DOMContentLoaded", () => new MutationObserver((records) => {
            for (const record of records) for (const node of record.addedNodes) window.addedByOthers.push(node.nodeName);
          }).observe(document, { childList: true, subtree: true }));`,
      });
      await page.goto(`${sites.url}/replay-shop`);
      await page.goto(`${sites.url}/replay-shop/product/1`);
      await expect.poll(() => page.evaluate<string>("document.readyState")).toBe("complete");
      const addedOnProduct = await page.evaluate<string[]>("window.addedByOthers");
      await recorder.store();

      expect(attached).toEqual([]);
      expect(addedOnProduct).toEqual([]);
      const stored = await storedSessionRecording(storage, RUN_ID);
      // A full snapshot per web page, all of the first tab; the new tab's blank document is not
      // recorded (it shows nothing, and evaluating the recorder there cost every run).
      const events = stored!.recording.events;
      const addresses = events.filter((event) => event.type === 4).map((event) => (event.data as { href: string }).href);
      expect(addresses).toEqual([`${sites.url}/replay-shop`, `${sites.url}/replay-shop/product/1`]);
      const snapshots = events.filter((event) => event.type === 2);
      expect(snapshots).toHaveLength(2);
      expect(new Set(snapshots.map((event) => event.tab))).toEqual(new Set([0]));
      expect(stored!.text).toContain("Desk Lamp");
    } finally {
      await context.close();
    }
  });
});
