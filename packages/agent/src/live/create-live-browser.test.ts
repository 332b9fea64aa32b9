import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "../safety/address-policy.ts";
import { VIEWPORT, clickAt, liveTestSetup, msg } from "../testing/live-test-setup.ts";
import { pollFor } from "@errand/testkit/testing";
import { createRecordingViewer } from "../testing/recording-viewer.ts";
import { createLiveBrowser } from "./create-live-browser.ts";

const setup = liveTestSetup();
beforeAll(() => setup.start());
afterAll(() => setup.stop());
afterEach(() => setup.closeContexts());

/** Makes the page repaint, so the screencast sends a frame. */
const repaint = (page: Page, color: string) => page.evaluate(`document.body.style.background = ${JSON.stringify(color)}`);

describe("live browser frames and state", () => {
  it("sends a state with the page's url, then JPEG frames of the viewport's size", async () => {
    const { viewer, page, live } = await setup.open("/news");
    const first = viewer.log[0];
    expect(first).toMatchObject({
      type: "state",
      url: page.url(),
      interactive: true,
      viewport: VIEWPORT,
      canGoBack: false,
      canGoForward: false,
    });
    const frame = viewer.frames[0]!;
    expect(frame.header).toMatchObject({ type: "frame", width: VIEWPORT.width, height: VIEWPORT.height });
    expect([...frame.jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // Each frame's header comes right before its bytes.
    const headerAt = viewer.log.indexOf(frame.header);
    expect(viewer.log[headerAt + 1]).toBe(frame.jpeg);
    expect(live.viewerCount()).toBe(1);
    expect(live.page()).toBe(page);
  });

  it("shows a still page to a viewer who attached while the tab was committing a navigation", async () => {
    // Chromium refuses a screencast started while the tab swaps renderers for a new document
    // ("Not attached to an active page"); without another try, the viewer of a page that then
    // stays still never gets a picture. Attaching as the document's response arrives hits that
    // moment most of the time; eight tabs make a miss all but certain.
    const watched = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const context = await setup.newContext();
        const page = await context.newPage();
        const live = await createLiveBrowser(context, { policy: createAddressPolicy({ allowPrivate: true }), interactive: false });
        const viewer = createRecordingViewer();
        page.once("response", () => void live.attach(viewer));
        await page.goto(setup.url("/human-check"));
        return viewer;
      }),
    );
    for (const viewer of watched) {
      await pollFor(() => viewer.lastState()?.url.endsWith("/human-check") && viewer.frames.length > 0, {
        timeout: 5_000,
        interval: 25,
        message: "a frame of the still page",
      });
    }
  });

  it("gives a viewer that attaches later the current frame at once, and pongs pings", async () => {
    const { live, attachment: firstAttachment } = await setup.open("/news");
    const second = createRecordingViewer();
    const attachment = live.attach(second);
    await pollFor(() => second.frames.length > 0, { timeout: 3_000, interval: 25, message: "a frame for the second viewer" });
    expect(second.log[0]).toMatchObject({ type: "state" });
    await attachment.receive(msg({ type: "ping", t: 123 }));
    expect(second.messages("pong")).toEqual([{ type: "pong", t: 123 }]);
    expect(live.viewerCount()).toBe(2);
    attachment.detach();
    expect(live.viewerCount()).toBe(1);
    // Nobody watches (the screencast stops); the next viewer of the static page still gets a frame.
    firstAttachment.detach();
    expect(live.viewerCount()).toBe(0);
    const third = createRecordingViewer();
    live.attach(third);
    await pollFor(() => third.frames.length > 0, { timeout: 3_000, interval: 25, message: "a frame after the screencast restarted" });
  });

  it("skips frames for a viewer that is behind and catches it up once it drained", async () => {
    const { live, page, viewer } = await setup.open("/news");
    const slow = createRecordingViewer();
    slow.buffered = 2_000_000;
    live.attach(slow);
    await pollFor(() => slow.lastState(), { timeout: 3_000, interval: 25, message: "a state" });
    const framesBefore = viewer.frames.length;
    await repaint(page, "rgb(200, 0, 0)");
    // Every viewer is offered each frame at the same moment: the fast one got it, the slow one did not.
    await pollFor(() => viewer.frames.length > framesBefore, { timeout: 3_000, interval: 25, message: "a frame of the repaint" });
    expect(slow.frames).toHaveLength(0);
    slow.buffered = 0;
    await pollFor(() => slow.frames.length > 0, { timeout: 3_000, interval: 25, message: "the catch-up frame" });
  });

  it("resizes the page; later frames and the state have the new size", async () => {
    const { viewer, page, attachment } = await setup.open("/news");
    await attachment.receive(msg({ type: "resize", width: 640, height: 480 }));
    expect(page.viewportSize()).toEqual({ width: 640, height: 480 });
    await pollFor(() => viewer.frames.some((f) => f.header.width === 640 && f.header.height === 480), {
      timeout: 3_000,
      interval: 25,
      message: "a 640x480 frame",
    });
    await pollFor(() => viewer.lastState()?.viewport.width === 640, {
      timeout: 3_000,
      interval: 25,
      message: "the new viewport in the state",
    });
  });

  it("shows a tab the page opens, and falls back when it closes", async () => {
    const { viewer, page, live, context, attachment } = await setup.open("/new-tab");
    const opened = context.waitForEvent("page");
    await clickAt(attachment, page, "#open-window");
    const tab = await opened;
    await pollFor(() => viewer.lastState()?.url.includes("/new-tab/target"), {
      timeout: 5_000,
      interval: 25,
      message: "the new tab's url",
    });
    expect(live.page()).toBe(tab);
    const framesBefore = viewer.frames.length;
    await tab.waitForLoadState();
    await repaint(tab, "rgb(0, 0, 200)");
    await pollFor(() => viewer.frames.length > framesBefore, { timeout: 3_000, interval: 25, message: "a frame of the new tab" });
    await tab.close();
    await pollFor(() => viewer.lastState()?.url === page.url(), { timeout: 3_000, interval: 25, message: "the first tab again" });
    expect(live.page()).toBe(page);
  });

  it("ends: every viewer gets ended, is detached, and gets no more frames", async () => {
    const { viewer, page, live, attachment } = await setup.open("/news");
    live.end("closed", "The session was closed.");
    live.end("error", "again"); // idempotent
    expect(viewer.messages("ended")).toEqual([{ type: "ended", reason: "closed", message: "The session was closed." }]);
    expect(live.viewerCount()).toBe(0);
    const count = viewer.log.length;
    await repaint(page, "rgb(0, 120, 0)");
    await attachment.receive(msg({ type: "ping", t: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(viewer.log.length).toBe(count);
    const late = createRecordingViewer();
    live.attach(late);
    expect(late.log).toEqual([{ type: "ended", reason: "closed", message: "The session was closed." }]);
    expect(page.isClosed()).toBe(false);
  });
});
