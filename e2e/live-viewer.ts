import { expect, type FrameLocator, type Page } from "@playwright/test";

/** The fixture site's account, typed into the live viewer by the login tests. */
export const DEMO = { email: "demo@example.com", password: "demo-password" };

export const liveCanvas = (frame: FrameLocator) => frame.getByRole("application", { name: /^Live browser/ });

/** Waits until the viewer in `frame` draws frames. */
export async function expectLive(frame: FrameLocator) {
  await expect(frame.getByText("Live", { exact: true })).toBeVisible({ timeout: 20_000 });
}

/**
 * Types the demo credentials into the login page shown in the viewer, as a person does: once the
 * page has finished loading (the canvas stops being busy), so the keys find its focused field.
 */
export async function typeDemoLogin(page: Page, frame: FrameLocator) {
  const canvas = liveCanvas(frame);
  await expect(canvas).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await canvas.focus();
  await page.keyboard.type(DEMO.email, { delay: 20 });
  await page.keyboard.press("Tab");
  await page.keyboard.type(DEMO.password, { delay: 20 });
  await page.keyboard.press("Enter");
}
