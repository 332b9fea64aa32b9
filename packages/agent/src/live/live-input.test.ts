import { DEMO_USER } from "@errand/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "../safety/address-policy.ts";
import { clickAt, liveTestSetup, msg, typeKeys } from "../testing/live-test-setup.ts";
import { pollFor } from "@errand/testkit/testing";
import { createRecordingViewer } from "../testing/recording-viewer.ts";

const setup = liveTestSetup();
beforeAll(() => setup.start());
afterAll(() => setup.stop());
afterEach(() => setup.closeContexts());

describe("live browser input", () => {
  it("types keys (and keys outside the US layout) and pasted text into the clicked input", async () => {
    const { page, attachment } = await setup.open("/login");
    await clickAt(attachment, page, "#email");
    await typeKeys(attachment, "demoé");
    await attachment.receive(msg({ type: "key", action: "down", key: "Backspace", code: "Backspace" }));
    await attachment.receive(msg({ type: "key", action: "up", key: "Backspace", code: "Backspace" }));
    // Shift released before the letter: the keyup reports "x", and still releases the key.
    await attachment.receive(msg({ type: "key", action: "down", key: "Shift", code: "ShiftLeft", modifiers: 8 }));
    await attachment.receive(msg({ type: "key", action: "down", key: "X", code: "KeyX", text: "X", modifiers: 8 }));
    await attachment.receive(msg({ type: "key", action: "up", key: "Shift", code: "ShiftLeft" }));
    await attachment.receive(msg({ type: "key", action: "up", key: "x", code: "KeyX" }));
    await attachment.receive(msg({ type: "text", text: "@example.com" }));
    await typeKeys(attachment, "a");
    expect(await page.inputValue("#email")).toBe("demoX@example.coma");
  });

  it("logs in through clicks and keys, follows the navigation and goes back", async () => {
    const { page, viewer, attachment } = await setup.open("/login");
    await clickAt(attachment, page, "#email");
    await attachment.receive(msg({ type: "text", text: DEMO_USER.email }));
    await clickAt(attachment, page, "#password");
    await typeKeys(attachment, DEMO_USER.password);
    await clickAt(attachment, page, "button[type=submit]");
    await page.waitForURL("**/account");
    const state = await pollFor(() => viewer.messages("state").find((s) => s.url.endsWith("/account") && !s.loading), {
      timeout: 5_000,
      interval: 25,
      message: "the account state",
    });
    expect(state).toMatchObject({ canGoBack: true, canGoForward: false, title: "My account" });
    await attachment.receive(msg({ type: "back" }));
    await page.waitForURL("**/login");
    await pollFor(() => viewer.lastState()?.url.endsWith("/login") && viewer.lastState()?.canGoForward, {
      timeout: 5_000,
      interval: 25,
      message: "the login state",
    });
  });

  it("opens typed addresses the policy allows, and refuses others with a notice", async () => {
    const { page, viewer, attachment } = await setup.open("/login", { policy: createAddressPolicy({}) });
    const before = page.url();
    await attachment.receive(msg({ type: "navigate", url: "  http://127.0.0.1:1/ " }));
    expect(viewer.messages("notice").at(-1)?.message).toMatch(/^Blocked: /);
    await attachment.receive(msg({ type: "navigate", url: "javascript:alert(1)" }));
    expect(viewer.messages("notice").at(-1)?.message).toBe("Only http and https addresses can be opened.");
    expect(page.url()).toBe(before);

    const open = await setup.open("/login");
    await open.attachment.receive(msg({ type: "navigate", url: setup.url("/news") }));
    await pollFor(() => open.viewer.lastState()?.url === setup.url("/news"), { timeout: 5_000, interval: 25, message: "the news page" });
  });

  it("applies input that arrived while interactive even when control is handed back at once", async () => {
    const { page, live, attachment } = await setup.open("/human-check");
    const box = (await page.locator("#prove").boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: "left", clickCount: 1 };
    // The person clicks and hands back before the click has reached the page.
    const down = attachment.receive(msg({ type: "mouse", action: "down", ...at }));
    const up = attachment.receive(msg({ type: "mouse", action: "up", ...at }));
    await live.setInteractive(false);
    expect(await page.textContent("#verdict")).toBe("Verified: a person pressed the button");
    await Promise.all([down, up]);
    // Input that arrives after the hand-back is ignored.
    await page.evaluate(`document.getElementById("verdict").textContent = "reset"`);
    await attachment.receive(msg({ type: "mouse", action: "down", ...at }));
    await attachment.receive(msg({ type: "mouse", action: "up", ...at }));
    expect(await page.textContent("#verdict")).toBe("reset");
  });

  it("ignores input while watch-only, and applies it once interactive", async () => {
    let activity = 0;
    const { page, live, viewer, attachment } = await setup.open("/login", { interactive: false, onActivity: () => activity++ });
    const other = createRecordingViewer();
    live.attach(other);
    expect(viewer.lastState()?.interactive).toBe(false);
    await clickAt(attachment, page, "#email");
    await typeKeys(attachment, "no");
    await attachment.receive(msg({ type: "text", text: "pasted" }));
    await attachment.receive(msg({ type: "ping", t: 7 }));
    expect(viewer.messages("pong")).toEqual([{ type: "pong", t: 7 }]);
    expect(await page.inputValue("#email")).toBe("");
    expect(activity).toBe(7);

    live.setInteractive(true);
    await pollFor(() => viewer.lastState()?.interactive && other.lastState()?.interactive, {
      timeout: 3_000,
      interval: 25,
      message: "interactive states",
    });
    await clickAt(attachment, page, "#email");
    await typeKeys(attachment, "yes");
    expect(await page.inputValue("#email")).toBe("yes");
  });
});
