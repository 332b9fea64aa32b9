import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures.ts";
import { createAccount } from "./helpers";

/**
 * A run's webhook on the run page: every attempt with its answer, the next attempt planned, and
 * a redelivery from the keyboard, on a phone-wide screen. The receiver is a real HTTP endpoint on
 * loopback (the e2e server allows private addresses).
 */
test("the run page shows each webhook attempt and redelivers from the keyboard at 360 px", async ({ page, baseURL }) => {
  let answer = 500;
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    received.push(String(req.headers["errand-delivery-id"]));
    req.resume();
    req.on("end", () => res.writeHead(answer).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await createAccount(page);
    const created = await page.request.post("/api/v1/runs", {
      headers: { origin: baseURL! },
      data: { prompt: "Say done", webhook_url: hookUrl },
    });
    expect(created.status()).toBe(201);
    const { id, task_id: taskId } = (await created.json()) as { id: string; task_id: string };
    await page.goto(`/tasks/${taskId}/task-runs/${id}`);

    const webhook = page.getByRole("region", { name: "Webhook", exact: true });
    await expect(webhook.getByText(hookUrl)).toBeVisible();
    // The endpoint answers 500: the first attempt shows, and the retry planned after it.
    const deliveries = webhook.getByRole("list", { name: "Webhook deliveries" });
    const first = deliveries.getByRole("listitem", { name: /delivery of/ }).first();
    await expect(first.getByText("Retrying", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(first.getByText("Attempt 1")).toBeVisible();
    await expect(first.getByText("HTTP 500")).toBeVisible();
    await expect(first.getByText(/^Next attempt in \d+ s/)).toBeVisible();
    await expect(first.getByText(/^Delivery ID/)).toContainText(received[0]!);

    // Fixed endpoint; redeliver with the keyboard.
    answer = 204;
    const redeliver = webhook.getByRole("button", { name: "Redeliver" });
    await redeliver.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("The webhook will be sent again now.")).toBeVisible();
    const items = deliveries.getByRole("listitem", { name: /delivery of/ });
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByText("Delivered", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(items.nth(0).getByText("Redelivery", { exact: true })).toBeVisible();
    await expect(items.nth(0).getByText("HTTP 204")).toBeVisible();
    await expect(items.nth(1).getByText("Replaced", { exact: true })).toBeVisible();
    // A redelivery is a new delivery: a new id reached the endpoint.
    expect(new Set(received).size).toBe(2);

    // Nothing is wider than the phone's screen.
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
