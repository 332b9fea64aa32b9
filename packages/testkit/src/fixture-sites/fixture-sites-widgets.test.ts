import { describe, expect } from "vitest";
import { fixtureSitesTest } from "../testing/fixture-sites-test.ts";

const it = fixtureSitesTest;

describe("fixture sites: frames, shadow DOM and widgets", () => {
  it("frames: same-origin, nested and a genuinely cross-origin frame each confirm a click", async ({ open, sites }) => {
    const page = await open("/frames");
    await page.waitForFunction('document.querySelectorAll("iframe").length === 2');
    const cross = page.frames().find((f) => f.url().endsWith("/frames/cross-origin"));
    const same = page.frames().find((f) => f.url().endsWith("/frames/same-origin"));
    const nested = page.frames().find((f) => f.url().endsWith("/frames/nested"));
    expect(cross?.url()).toBe(`${sites.otherOrigin}/frames/cross-origin`);
    expect(nested?.parentFrame()).toBe(same);

    // Page functions are passed as strings: the repo's TypeScript program has no DOM lib.
    const parentAccess = (frame: typeof cross) =>
      frame?.evaluate('(() => { try { return window.parent.document.title; } catch { return "blocked"; } })()');
    expect(await parentAccess(same)).toBe("Frames");
    expect(await parentAccess(cross)).toBe("blocked");

    const sameFrame = page.frameLocator("#same-origin-frame");
    await sameFrame.getByLabel("Same-origin input").fill("one");
    await sameFrame.getByRole("button", { name: "Confirm same-origin" }).click();
    expect(await sameFrame.locator("#frame-result").textContent()).toBe("Same-origin confirmed: one");

    const nestedFrame = sameFrame.frameLocator("#nested-frame");
    await nestedFrame.getByRole("button", { name: "Confirm nested" }).click();
    expect(await nestedFrame.locator("#frame-result").textContent()).toBe("Nested confirmed: (empty)");

    const crossFrame = page.frameLocator("#cross-origin-frame");
    await crossFrame.getByLabel("Cross-origin input").fill("three");
    await crossFrame.getByRole("button", { name: "Confirm cross-origin" }).click();
    expect(await crossFrame.locator("#frame-result").textContent()).toBe("Cross-origin confirmed: three");
  });

  it("shadow: open roots (and a nested one) are reachable, the closed root is not", async ({ open }) => {
    const page = await open("/shadow");
    await page.getByPlaceholder("Type inside the shadow root").fill("deep");
    await page.getByRole("button", { name: "Shadow submit" }).click();
    expect(await page.locator("#shadow-result").textContent()).toBe("Shadow submitted: deep");
    await page.getByRole("button", { name: "Nested shadow button" }).click();
    expect(await page.locator("#nested-result").textContent()).toBe("Nested shadow clicked");
    expect(await page.getByText("CLOSED-SHADOW-CONTENT").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Closed button" }).count()).toBe(0);
    expect(await page.evaluate('document.querySelector("#closed-host").shadowRoot')).toBeNull();
  });

  it("infinite scroll appends 10 items per scroll up to 100", async ({ open }) => {
    const page = await open("/infinite");
    expect(await page.locator(".item").count()).toBe(10);
    for (let loaded = 20; loaded <= 100; loaded += 10) {
      await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
      await page.locator(`#item-${loaded}`).waitFor();
    }
    expect(await page.locator("#item-57").textContent()).toBe("Item 57");
    expect(await page.textContent("#item-count")).toBe("Showing 100 of 100 items");
    expect(await page.textContent("#feed-status")).toBe("No more items");
  });

  it("dropdowns: native select and a custom combobox (mouse and keyboard)", async ({ open }) => {
    const page = await open("/dropdown");
    await page.getByLabel("Favourite fruit").selectOption({ label: "Banana" });
    expect(await page.textContent("#fruit-result")).toBe("Selected: Banana");

    const combo = page.getByRole("combobox", { name: "City" });
    expect(await page.getByRole("option", { name: "Copenhagen" }).isVisible()).toBe(false);
    await combo.click();
    expect(await combo.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("option", { name: "Copenhagen" }).click();
    expect(await page.textContent("#city-result")).toBe("Selected: Copenhagen");
    expect(await page.getByRole("listbox").isVisible()).toBe(false);

    await combo.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await page.textContent("#city-result")).toBe("Selected: Berlin");
  });

  it("date picker opens on March 2026, navigates months and writes the picked day", async ({ open }) => {
    const page = await open("/datepicker");
    await page.getByLabel("Travel date").click();
    expect(await page.textContent("#calendar-month")).toBe("March 2026");
    await page.getByRole("button", { name: "Next month" }).click();
    expect(await page.textContent("#calendar-month")).toBe("April 2026");
    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByRole("button", { name: "March 15, 2026" }).click();
    expect(await page.inputValue("#date-input")).toBe("2026-03-15");
    expect(await page.textContent("#date-result")).toBe("Date chosen: 2026-03-15");
    expect(await page.locator("#calendar").isVisible()).toBe(false);

    await page.getByLabel("Native date").fill("2026-03-20");
    expect(await page.textContent("#native-date-result")).toBe("Native date chosen: 2026-03-20");
  });

  it("new tab opens from a target=_blank link and from window.open", async ({ open }) => {
    const page = await open("/new-tab");
    const [linkTab] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: "Open the target in a new tab" }).click(),
    ]);
    await linkTab.waitForLoadState();
    expect(await linkTab.textContent("h1")).toBe("You opened the new tab");
    const [scriptTab] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Open with window.open" }).click(),
    ]);
    await scriptTab.waitForLoadState();
    expect(await scriptTab.textContent("#opened-via")).toBe("Opened via window.open.");
  });

  it("hover menu reveals Secret settings only on hover", async ({ open }) => {
    const page = await open("/hover-menu");
    const secret = page.getByRole("link", { name: "Secret settings" });
    expect(await secret.isVisible()).toBe(false);
    await page.getByText("Account ▾").hover();
    expect(await secret.isVisible()).toBe(true);
    await secret.click();
    await page.waitForURL(/\/hover-menu\/settings$/);
    expect(await page.textContent("h1")).toBe("Secret settings");
  });

  it("hidden page: visible probes are visible, hidden ones are not, the covered one is under the overlay", async ({ open }) => {
    const page = await open("/hidden");
    const probe = (label: string) => page.locator(`[data-label="${label}"]`).first();
    for (const label of ["VISIBLE-1", "VISIBLE-2", "VISIBLE-3", "OVERLAY-COVER"]) expect(await probe(label).isVisible(), label).toBe(true);
    for (const label of ["HIDDEN-DISPLAY", "HIDDEN-VISIBILITY", "HIDDEN-ZERO-SIZE", "HIDDEN-ATTRIBUTE", "HIDDEN-PARENT"]) {
      expect(await probe(label).isVisible(), label).toBe(false);
    }
    expect(await probe("HIDDEN-OPACITY").evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).opacity)).toBe("0");
    const offscreen = await probe("HIDDEN-OFFSCREEN").boundingBox();
    expect((offscreen?.x ?? 0) + (offscreen?.width ?? 0)).toBeLessThan(0);
    const topmost = await probe("HIDDEN-COVERED").evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.getAttribute("data-label");
    });
    expect(topmost).toBe("OVERLAY-COVER");
    expect(await probe("HIDDEN-ARIA").getAttribute("aria-hidden")).toBe("true");
    await probe("VISIBLE-1").click();
    expect(await page.textContent("#hidden-result")).toBe("Clicked: VISIBLE-1");
  });

  it("long article has ~30k words and a clickable button at the very bottom", async ({ open }) => {
    const page = await open("/long");
    const words = Number(await page.evaluate("document.body.innerText.split(/\\s+/).length"));
    expect(words).toBeGreaterThan(28_000);
    await page.getByRole("button", { name: "Bottom button" }).click();
    expect(await page.textContent("#bottom-result")).toBe("Bottom button clicked");
    const scroll = (await page.evaluate("({ y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight })")) as {
      y: number;
      max: number;
    };
    expect(scroll.y).toBeGreaterThan(50_000);
    expect(scroll.max - scroll.y).toBeLessThan(720);
  });

  it("slow page answers after ?ms and slow content appears late", async ({ open, sites }) => {
    const started = Date.now();
    const page = await open("/slow?ms=300");
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await page.textContent("#slow-message")).toBe("Loaded after 300 ms.");

    // Long enough that a busy machine still reads the page before its timer fires.
    await page.goto(`${sites.url}/slow-content?ms=1500`, { waitUntil: "domcontentloaded" });
    expect(await page.textContent("#loading")).toBe("Loading content...");
    expect(await page.getByRole("button", { name: "Late button" }).count()).toBe(0);
    await page.getByRole("button", { name: "Late button" }).click();
    expect(await page.textContent("#late-result")).toBe("Late button clicked");
    expect(await page.textContent("#late-content h2")).toBe("Content loaded");
  });
});
