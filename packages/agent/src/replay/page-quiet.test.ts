import type { ElementTarget } from "@errand/contract";
import { describe, expect } from "vitest";
import { createActivityTracker } from "../act/settle.ts";
import { agentTest } from "../testing/agent-test.ts";
import type { Harness } from "../testing/harness.ts";
import { findTarget } from "./locate.ts";
import { quietWatch } from "./page-quiet.ts";

const it = agentTest;
const button = (name: string): ElementTarget => ({
  locators: [{ kind: "role", role: "button", name }],
  frame_path: [],
  description: `<button>${name}</button>`,
});
/** Longer than any test here may take: a search that ends did so because the page went quiet. */
const FOREVER = 600_000;

async function openPage(h: Harness, path: string) {
  const context = await h.browser.newContext({ network: { allowHosts: [new URL(h.sites.url).host] } });
  const tracker = createActivityTracker(context);
  const page = await context.newPage();
  await page.goto(`${h.sites.url}${path}`);
  return { page, tracker, close: () => context.close() };
}

describe("a replayed step waits for its element until the page has stopped changing", () => {
  it("finds an element a page adds by itself shortly after loading", async ({ agent }) => {
    const { page, tracker, close } = await openPage(agent, "/slow-content?ms=800");
    try {
      const found = await findTarget(page, button("Late button"), FOREVER, { settled: quietWatch(page, tracker) });
      expect(found?.by).toEqual({ kind: "role", role: "button", name: "Late button" });
    } finally {
      await close();
    }
  });

  it("finds an element that comes with a slow request, waiting longer than the quiet time while it is in flight", async ({ agent }) => {
    const { page, tracker, close } = await openPage(agent, "/late-fetch?ms=2500");
    try {
      const found = await findTarget(page, button("Fetched button"), FOREVER, { settled: quietWatch(page, tracker) });
      expect(found?.by).toEqual({ kind: "role", role: "button", name: "Fetched button" });
    } finally {
      await close();
    }
  });

  it("gives up on an element that is not there once the loaded page stays the same", async ({ agent }) => {
    const { page, tracker, close } = await openPage(agent, "/slow-content?ms=300");
    try {
      expect(await findTarget(page, button("No such button"), FOREVER, { settled: quietWatch(page, tracker) })).toBeNull();
      // The late content had come in by then.
      expect(await page.getByRole("button", { name: "Late button" }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("does not call a page quiet while its document keeps changing", async ({ agent }) => {
    const { page, tracker, close } = await openPage(agent, "/slow-content?ms=300");
    try {
      await page.evaluate("setInterval(() => document.body.append(document.createElement('i')), 50)");
      const settled = quietWatch(page, tracker, 200);
      const answers: boolean[] = [];
      for (let i = 0; i < 10; i++) {
        answers.push(await settled());
        await page.waitForTimeout(100);
      }
      expect(answers).not.toContain(true);
    } finally {
      await close();
    }
  });
});
