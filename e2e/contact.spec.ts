import { expect, test } from "./fixtures.ts";
import { createAccount } from "./helpers.ts";

// One client address for all: the rate-limit test must come last.
test.describe.configure({ mode: "serial" });

test("the contact form shows each validation message, then sends and resets", async ({ page }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact | Errand");
  await expect(page.getByRole("main").getByRole("link", { name: "hello@errand.dev" })).toBeVisible();
  const email = page.getByLabel("Email", { exact: true });
  const message = page.getByLabel("Message");
  const send = page.getByRole("button", { name: "Send Message" });

  await email.fill("not an email");
  await send.click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await email.fill("visitor@example.com");
  await message.fill("Too short");
  await send.click();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);

  await message.fill("Do you offer volume discounts for 10,000 runs a month?");
  const [response] = await Promise.all([page.waitForResponse("**/api/v1/contact-messages"), send.click()]);
  expect(response.status()).toBe(201);
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  await expect(page.getByText("Message sent!")).toBeVisible();

  await page.getByRole("button", { name: "Send another message" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");
});

test("a signed-in person finds their e-mail already filled in", async ({ page }) => {
  const { email } = await createAccount(page);
  await page.goto("/contact");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
});

test("the button reads Sending... while the message goes; a refused one keeps the text", async ({ page }) => {
  await page.goto("/contact");
  // Holds the request for a moment on its way to the real server, so the sending state shows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/v1/contact-messages", async (route) => {
    await held;
    await route.continue();
  });
  const message = page.getByLabel("Message");
  await page.getByLabel("Email", { exact: true }).fill("visitor@example.com");
  await message.fill("A message sent while the network is slow.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  await page.unroute("**/api/v1/contact-messages");

  // The server allows a few messages per address; past that the person is told and keeps the text.
  for (let sent = 2; ; sent += 1) {
    await page.getByRole("button", { name: "Send another message" }).click();
    await page.getByLabel("Email", { exact: true }).fill("visitor@example.com");
    await message.fill(`Message number ${sent}, still asking.`);
    const [response] = await Promise.all([
      page.waitForResponse("**/api/v1/contact-messages"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    if (response.status() === 429) break;
    expect(response.status()).toBe(201);
    expect(sent).toBeLessThan(10);
  }
  await expect(page.getByText("Too many messages. Please try again in")).toBeVisible();
  await expect(message).toHaveValue(/still asking/);
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
});
