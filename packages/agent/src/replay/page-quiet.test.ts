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

/** Opens `path` in a context of its own, runs the check on its page, and closes the context whatever happens. */
async function onPage(h: Harness, path: string, check: (opened: Omit<Awaited<ReturnType<typeof openPage>>, "close">) => Promise<void>) {
  const { close, ...opened } = await openPage(h, path);
  try {
    await check(opened);
  } finally {
    await close();
  }
}

describe("a replayed step waits for its element until the page has stopped changing", () => {
  it.for([
    { how: "a page adds by itself shortly after loading", path: "/slow-content?ms=800", name: "Late button" },
    {
      how: "that comes with a slow request, waiting longer than the quiet time while it is in flight",
      path: "/late-fetch?ms=2500",
      name: "Fetched button",
    },
  ])("finds an element $how", ({ path, name }, { agent }) =>
    onPage(agent, path, async ({ page, tracker }) => {
      const found = await findTarget(page, button(name), FOREVER, { settled: quietWatch(page, tracker) });
      expect(found?.by).toEqual({ kind: "role", role: "button", name });
    }),
  );

  it("gives up on an element that is not there once the loaded page stays the same", ({ agent }) =>
    onPage(agent, "/slow-content?ms=300", async ({ page, tracker }) => {
      expect(await findTarget(page, button("No such button"), FOREVER, { settled: quietWatch(page, tracker) })).toBeNull();
      // The late content had come in by then.
      expect(await page.getByRole("button", { name: "Late button" }).count()).toBe(1);
    }));

  it("does not call a page quiet while its document keeps changing", ({ agent }) =>
    onPage(agent, "/slow-content?ms=300", async ({ page, tracker }) => {
      await page.evaluate("setInterval(() => document.body.append(document.createElement('i')), 50)");
      const settled = quietWatch(page, tracker, 200);
      const answers: boolean[] = [];
      for (let i = 0; i < 10; i++) {
        answers.push(await settled());
        await page.waitForTimeout(100);
      }
      expect(answers).not.toContain(true);
    }));
});
