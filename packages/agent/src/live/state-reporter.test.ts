import type { LiveServerMessage } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { createStateReporter, type StateMessage } from "./state-reporter.ts";
import { createViewerHub } from "./viewer-hub.ts";

const state = (url: string): StateMessage => ({
  type: "state",
  interactive: false,
  viewport: { width: 1280, height: 800 },
  url,
  title: "",
  canGoBack: false,
  canGoForward: false,
  loading: false,
});

describe("the live view's state reporter", () => {
  it("still answers a viewer when the first try to read the page fails (the page was between documents)", async () => {
    const hub = createViewerHub();
    const received: LiveServerMessage[] = [];
    const slot = hub.add({ sendJson: (m) => received.push(m), sendBinary: () => {}, bufferedAmount: () => 0 });
    let calls = 0;
    const reporter = createStateReporter(hub, async () => {
      calls++;
      if (calls === 1) throw new Error("Execution context was destroyed, most likely because of a navigation");
      return state("http://127.0.0.1/account");
    });
    reporter.request({ slot });
    await expect.poll(() => received.filter((m) => m.type === "state").length, { timeout: 2_000 }).toBe(1);
    expect(received.find((m) => m.type === "state")).toMatchObject({ url: "http://127.0.0.1/account" });
  });

  it("gives a later request its own retries after an earlier one gave up", async () => {
    const hub = createViewerHub();
    const received: LiveServerMessage[] = [];
    const slot = hub.add({ sendJson: (m) => received.push(m), sendBinary: () => {}, bufferedAmount: () => 0 });
    let failing = Infinity;
    let tries = 0;
    const reporter = createStateReporter(hub, async () => {
      tries++;
      if (failing-- > 0) throw new Error("Execution context was destroyed");
      return state("http://127.0.0.1/next");
    });
    reporter.request({ slot });
    // The first request gives up after its first try and 50 retries (about 5 s of them, more on a
    // busy machine: counted, not timed), and then tries no more.
    await expect.poll(() => tries, { timeout: 30_000 }).toBe(51);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tries).toBe(51);
    expect(received).toEqual([]);
    failing = 1;
    reporter.request({ slot });
    await expect.poll(() => received.filter((m) => m.type === "state").length, { timeout: 10_000 }).toBe(1);
  }, 60_000);
});
