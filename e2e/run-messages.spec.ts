import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, RUN_URL, signUp } from "./helpers.ts";

/*
 * A message to a running agent from the run page's message box
 * (docs/adr/0049-messages-and-allowed-domains.md): the box is there while the run goes on, at
 * 1280 px and at 360 px; an empty message is refused at the field; sent at 360 px, the agent reads
 * it before its next step, that step's record says so, and the answer follows it. Once the run
 * has ended the box is disabled with the reason. One run.
 */
const runBadge = (page: Page) => page.getByRole("definition").locator("[data-status]");
const MESSAGE = "Also take the rating.";
const sideways = (page: Page) => page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");

test("a message sent mid-run from the run page is acknowledged in a step and changes the answer, at 1280 and 360 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await page.getByLabel("Prompt").fill("[e2e:message] Read the top story");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  const runId = page.url().split("/").pop()!;

  const box = page.getByRole("form", { name: "Message the agent" });
  const field = box.getByLabel("Message the agent");
  await atBothWidths(page, async () => {
    await field.scrollIntoViewIfNeeded();
    await expect(field).toBeInViewport();
    await expect(field).toBeEnabled();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  // At 360 px now: nothing written is refused at the field; the message goes with Ctrl+Enter.
  await box.getByRole("button", { name: "Send message" }).click();
  await expect(box.getByText("Write a message first.")).toBeVisible();
  await field.fill(MESSAGE);
  await field.press("Control+Enter");
  await expect(page.getByText("Message sent").first()).toBeVisible();
  await expect(field).toHaveValue("");

  await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
  await expect(page.getByText(`As asked: ${MESSAGE}`).first()).toBeVisible();
  const { messages } = (await (await page.request.get(`/api/v1/runs/${runId}/messages`)).json()) as {
    messages: { text: string; read_in_step: number | null }[];
  };
  expect(messages).toMatchObject([{ text: MESSAGE, read_in_step: expect.any(Number) }]);
  const reader = messages[0]!.read_in_step!;

  await atBothWidths(page, async () => {
    const stepButton = page.getByRole("button", { name: new RegExp(`^Step ${reader}\\b`) }).first();
    await stepButton.scrollIntoViewIfNeeded();
    await stepButton.click();
    const details = page.getByRole("article", { name: `Step ${reader} details` });
    await expect(details.getByText(new RegExp(`^Read your message: ${MESSAGE.replace(".", "\\.")}`))).toBeVisible();
    await expect(field).toBeDisabled();
    await expect(box.getByText("The run has ended: its agent can no longer read messages.")).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
