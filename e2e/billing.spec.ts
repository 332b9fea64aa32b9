import { expect, test, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { buyCredits, createAccount } from "./helpers.ts";

const creditsLine = (page: Page) => page.getByText(/Credits:\s*\$/).first();

test("buying $5 goes through checkout and shows the transaction and the credits", async ({ page }) => {
  await createAccount(page);
  await buyCredits(page, 5);
  await expect(page.getByText("Payment received")).toBeVisible();
  const history = page.getByRole("table", { name: /Transaction History/i });
  const row = history.getByRole("row").nth(1);
  await expect(row).toContainText("$5.00");
  await expect(row.getByRole("link", { name: /View/ })).toHaveAttribute("href", new RegExp(`^${e2eEnv().stripeUrl}/receipts/ch_`));
  await expect(creditsLine(page)).toContainText("$5.00");
});

test("a webhook delivered twice adds the credits once", async ({ page, request }) => {
  const { email } = await createAccount(page);
  await buyCredits(page, 3);
  await expect(creditsLine(page)).toContainText("$3.00");
  const sessions = (await (await request.get(`${e2eEnv().controlUrl}/stripe/sessions`)).json()) as {
    id: string;
    customer_email: string | null;
    status: string;
  }[];
  const session = sessions.find((s) => s.customer_email === email && s.status === "complete")!;
  const again = await request.post(`${e2eEnv().controlUrl}/stripe/redeliver?session=${session.id}`);
  expect((await again.json()).status).toBe(200);
  await page.reload();
  await expect(creditsLine(page)).toContainText("$3.00");
  await expect(page.getByRole("table", { name: /Transaction History/i }).getByRole("row")).toHaveCount(2);
});

test("less than $3 gives Minimum amount is $3 and stays on the page", async ({ page }) => {
  await createAccount(page);
  await page.goto("/credits");
  await page.getByLabel("Amount (USD)").fill("2.5");
  await page.getByRole("button", { name: "Buy Credits" }).click();
  await expect(page.getByText("Minimum amount is $3").first()).toBeVisible();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByText("No transactions found")).toBeVisible();
});
