import { expect, test } from "@playwright/test";
import { createProjectInConsole, DESKTOP, shots, signUpWithTwoFactor } from "./helpers/console";

test("a new admin follows the onboarding checklist, upgrades the plan and pays the invoice through the provider's checkout", async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  await test.step("the checklist starts at creating a project and ticks steps off as they happen", async () => {
    await signUpWithTwoFactor(page, "billing");
    await expect(page.getByTestId("onboarding")).toBeVisible();
    await expect(page.getByTestId("step-project_created")).toHaveAttribute("data-done", "false");
    await createProjectInConsole(page, "Billing Bakery");
    await page.goto("/projects");
    await expect(page.getByTestId("step-project_created")).toHaveAttribute("data-done", "true");
    // The project was created with an allowed origin.
    await expect(page.getByTestId("step-origin_added")).toHaveAttribute("data-done", "true");
    await expect(page.getByText("2 of 8 steps done.")).toBeVisible();
    await shots(page, "console-onboarding");
  });

  await test.step("copying the embed snippet confirms its step", async () => {
    await page.getByTestId("step-embed_copied").getByRole("link").click();
    await expect(page).toHaveURL(/\/embed$/);
    await page.getByTestId("copy-embed").click();
    await expect(page.getByTestId("copy-embed")).toContainText(/Copied/);
    await page.goto("/projects");
    await expect(page.getByTestId("step-embed_copied")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("step-key_created")).toHaveAttribute("data-done", "false");
  });

  await test.step("billing shows the Free plan and this month's players", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Plan & billing" }).click();
    await expect(page).toHaveURL(/\/account\/billing$/);
    await expect(page.getByTestId("plan-free").getByText("Current plan")).toBeVisible();
    await expect(page.getByTestId("mau")).toHaveText("0");
    await expect(page.getByText("No invoices yet.")).toBeVisible();
  });

  await test.step("the plan table sells only what the plans enforce", async () => {
    await expect(page.getByTestId("plan-free")).toContainText("Over 1,000: play goes on; new projects wait for an upgrade");
    for (const plan of ["free", "growth", "scale"]) await expect(page.getByTestId(`plan-${plan}`)).toContainText("insights and A/B tests, fraud review");
  });

  await test.step("upgrading to Growth asks first with its price, then issues an invoice for exactly that, paid through the fake checkout", async () => {
    await page.getByRole("button", { name: "Upgrade to Growth…" }).click();
    const confirm = page.getByTestId("upgrade-confirm");
    await expect(confirm).toContainText("price difference ×");
    await expect(page.getByTestId("plan-free").getByText("Current plan")).toBeVisible(); // nothing changed yet
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText("No invoices yet.")).toBeVisible();

    await page.getByRole("button", { name: "Upgrade to Growth…" }).click();
    const quoted = (await page.getByTestId("upgrade-quote").textContent())!;
    await page.getByRole("button", { name: `Upgrade and charge ${quoted}` }).click();
    await expect(page.getByTestId("plan-growth").getByText("Current plan")).toBeVisible();
    await expect(page.getByText(`Upgraded. The rest of this month, ${quoted}, is on a new invoice below.`)).toBeVisible();
    const row = page.getByTestId("invoice-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(quoted);
    await expect(row.getByText("Due", { exact: true })).toBeVisible();
    await shots(page, "console-billing");
    await row.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/v1\/billing\/fake-checkout\/cs_fake_/);
    await expect(page.getByText("Test mode — no money moves")).toBeVisible();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/account\/billing\?paid=/);
    await expect(page.getByText("Payment received")).toBeVisible();
    await expect(page.getByTestId("invoice-row").getByText("Paid")).toBeVisible();
  });

  await test.step("a downgrade waits for next month", async () => {
    await page.getByRole("button", { name: "Switch to Free next month" }).click();
    await expect(page.getByTestId("plan-free").getByText("From next month")).toBeVisible();
    await expect(page.getByTestId("plan-growth").getByText("Current plan")).toBeVisible();
    await page.getByRole("button", { name: "Keep Growth" }).click();
    await expect(page.getByTestId("plan-free").getByText("From next month")).toHaveCount(0);
  });
});
