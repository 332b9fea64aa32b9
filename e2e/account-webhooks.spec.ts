import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount, sidewaysOverflow } from "./helpers";
import { keepScreenshot } from "./screenshots";

/**
 * The account's webhooks on the API Keys page: added by hand with its signing secret shown
 * once, a test sent and seen delivered, a run's delivery in its log with a way to the run, and
 * deleted. The receiver is a real HTTP endpoint on loopback (the e2e server allows private
 * addresses) that checks each delivery's signature with the secret the page showed.
 */
interface Received {
  event: string;
  signed: boolean;
}

async function startReceiver(secret: () => string) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const [t, v1] = String(req.headers["errand-signature"])
        .split(",")
        .map((part) => part.split("=")[1]);
      const expected = createHmac("sha256", secret()).update(`${t}.${body}`).digest("hex");
      received.push({ event: (JSON.parse(body) as { event: string }).event, signed: v1 === expected });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/errand`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const card = (page: Page) => page.getByRole("region", { name: "Webhooks" });

/** The webhook's log, newest first: the run's end, then the test. */
async function expectDeliveries(row: Locator, runId: string) {
  const items = row.getByRole("list", { name: "Deliveries" }).getByRole("listitem", { name: /delivery of/ });
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByText("Run ended", { exact: true })).toBeVisible();
  await expect(items.nth(0).getByText("Delivered", { exact: true })).toBeVisible();
  await expect(items.nth(0).getByText(runId)).toBeVisible();
  await expect(items.nth(1).getByText("Test", { exact: true })).toBeVisible();
  await expect(items.nth(1).getByText("HTTP 204")).toBeVisible();
  return items;
}

// One flow: each view a phone shows differently (the empty card, the dialog's errors, the secret,
// the log) is checked at 1280 px and again at 360 px by resizing, not by a second sign-up and run;
// after the first check the flow goes on at 360 px.
test("a webhook is added, tested, logged and deleted on the API Keys page, at 1280 and 360 px", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  let secret = "";
  const receiver = await startReceiver(() => secret);
  try {
    await createAccount(page);
    await page.goto("/api-keys");
    const webhooks = card(page);
    await expect(webhooks.getByText(/^No webhooks yet\. n8n, Zapier and Make add theirs/)).toBeVisible();
    await atBothWidths(page, async (width) => {
      await keepScreenshot(webhooks, `account-webhooks-empty-${width}.png`);
    });

    // Add one from the keyboard; the API's field errors show at their fields.
    await webhooks.getByRole("button", { name: "Add webhook" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    await dialog.getByLabel("URL").fill("ftp://example.com/hook");
    await dialog.getByRole("checkbox", { name: "Run finished" }).focus();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("checkbox", { name: "Run finished" })).not.toBeChecked();
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog.getByText("URL must be an http(s) URL")).toBeVisible();
    await expect(dialog.getByText("Events must name at least one event")).toBeVisible();
    await expect(dialog.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
    await atBothWidths(page, async (width) => {
      await expect(dialog.getByText("URL must be an http(s) URL")).toBeVisible();
      await keepScreenshot(page, `account-webhooks-errors-${width}.png`);
    });

    await dialog.getByLabel("URL").fill(receiver.url);
    await dialog.getByRole("checkbox", { name: "Run finished" }).check();
    await dialog.getByLabel("Description (optional)").fill("My CRM");
    await dialog.getByLabel("Description (optional)").press("Enter");

    // The secret, this once.
    const added = page.getByRole("dialog", { name: "Webhook added" });
    await expect(added.getByText(/it will not be shown again/)).toBeVisible();
    secret = (await added.getByLabel("Webhook signing secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expect(added.getByRole("button", { name: "Copy signing secret" })).toBeFocused();
    await atBothWidths(page, async (width) => {
      await expect(added.getByRole("button", { name: "Copy signing secret" })).toBeFocused();
      await keepScreenshot(page, `account-webhooks-secret-${width}.png`);
    });
    await added.getByRole("button", { name: "Done" }).click();
    await expect(added).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const row = webhooks.getByRole("listitem", { name: receiver.url });
    await expect(row.getByRole("heading", { name: receiver.url })).toBeVisible();
    await expect(row.getByText("My CRM")).toBeVisible();
    await expect(row.getByText(/Run finished · Added/)).toBeVisible();

    // A test, delivered and signed with that secret.
    await row.getByRole("button", { name: "Send test" }).click();
    await expect(row.getByRole("status")).toHaveText(/^Delivered: 204 in \d+(\.\d)? m?s$/, { timeout: 30_000 });
    expect(receiver.received).toEqual([{ event: "webhook.test", signed: true }]);

    // A run ends: its delivery comes, and shows in the webhook's log beside the test.
    const created = await page.request.post("/api/v1/runs", { headers: { origin: baseURL! }, data: { prompt: "Say done" } });
    expect(created.status()).toBe(201);
    const run = (await created.json()) as { id: string; task_id: string };
    await expect.poll(() => receiver.received.map((r) => r.event), { timeout: 30_000 }).toContain("run.finished");
    expect(receiver.received.every((r) => r.signed)).toBe(true);

    await row.getByRole("button", { name: "Deliveries", exact: true }).click();
    await expect(row.getByRole("button", { name: "Deliveries", exact: true })).toHaveAttribute("aria-expanded", "true");
    const items = await expectDeliveries(row, run.id);
    await atBothWidths(page, async (width) => {
      await expect(items).toHaveCount(2);
      expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
      await keepScreenshot(webhooks, `account-webhooks-card-${width}.png`);
    });

    await items.nth(0).getByRole("link", { name: "Open run" }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${run.task_id}/task-runs/${run.id}$`));
    await page.goBack();

    // Deleted: the list is empty again.
    await card(page).getByRole("listitem", { name: receiver.url }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete webhook?" });
    await expect(confirm.getByText(receiver.url, { exact: false })).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Webhook deleted")).toBeVisible();
    await expect(card(page).getByText(/^No webhooks yet/)).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test("the 26th webhook is refused in the dialog with the API's words", async ({ page, baseURL }) => {
  await createAccount(page);
  for (let i = 0; i < 25; i++) {
    const res = await page.request.post("/api/v1/webhooks", {
      headers: { origin: baseURL! },
      data: { url: `https://example.com/hook/${i}`, events: ["run.failed"] },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/api-keys");
  const webhooks = card(page);
  await expect(webhooks.getByRole("listitem")).toHaveCount(25);
  await expect(
    webhooks
      .getByRole("listitem")
      .first()
      .getByText(/Run failed · Added/),
  ).toBeVisible();
  await webhooks.getByRole("button", { name: "Add webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Add webhook" });
  await dialog.getByLabel("URL").fill("https://example.com/one-more");
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("An account can have at most 25 webhooks: delete one you no longer use first.");
  await expect(dialog).toBeVisible();
});

test("a long URL and description do not scroll the page sideways at 360 px", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await createAccount(page);
  const url = `https://example.com/${"a-very-long-path-segment-without-spaces".repeat(6)}?ref=${"x".repeat(160)}`;
  const description = "Supercalifragilisticexpialidocious".repeat(5).slice(0, 200);
  const res = await page.request.post("/api/v1/webhooks", {
    headers: { origin: baseURL! },
    data: { url, events: ["run.succeeded", "run.failed"], description },
  });
  expect(res.status()).toBe(201);
  await page.goto("/api-keys");
  const row = card(page).getByRole("listitem", { name: url });
  await expect(row.getByText("Run succeeded, Run failed", { exact: false })).toBeVisible();
  await row.getByRole("button", { name: "Deliveries", exact: true }).click();
  await expect(row.getByText(/^No deliveries yet/)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await keepScreenshot(row, "account-webhooks-long-url-phone.png");
});
