import { expect, test } from "@playwright/test";
import { createProjectInConsole, DESKTOP, shots, signUpWithTwoFactor } from "./helpers/console";


test("an admin prices a booster, grants tickets and reads the player's ledger; an invalid configuration saves nothing", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const playerId = `shopper-${Math.random().toString(36).slice(2, 8)}`;

  await test.step("sign up, enroll two-factor and create a project", async () => {
    await signUpWithTwoFactor(page, "economy");
    await createProjectInConsole(page, "Acme Arcade");
  });

  const hammer = page.getByRole("group", { name: /^Hammer/ });
  await test.step("change the hammer's price and save", async () => {
    await page.getByRole("link", { name: "Economy", exact: true }).click();
    await expect(page).toHaveURL(/\/economy$/);
    await expect(page.getByText("Revision 1", { exact: true })).toBeVisible();
    await expect(page.getByLabel("ID of resource 1")).toHaveValue("tickets");
    await expect(hammer.getByLabel("Effect")).toHaveValue("hammer");
    // every booster's chosen game and effect read whole in their fields (the text fits inside the select's padding)
    // every booster's game and effect read whole in their fields: the text fits inside the select's
    // padding and, unless the select draws no arrow of its own, beside Chromium's arrow (~24 px)
    const cut = await page.locator("select[id$='-effect'], select[id$='-mechanic']").evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).flatMap((sel) => {
        const cs = getComputedStyle(sel);
        const ctx = document.createElement("canvas").getContext("2d")!;
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = sel.selectedOptions[0]?.text ?? "";
        const arrow = cs.appearance === "none" ? 0 : 24;
        const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - arrow;
        const width = ctx.measureText(text).width;
        return width > room ? [`${text}: ${Math.round(width)} px in ${Math.round(room)}`] : [];
      }),
    );
    expect(cut).toEqual([]);
    await expect(hammer.getByLabel("Price", { exact: true })).toHaveValue("50");
    await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();
    await hammer.getByLabel("Price", { exact: true }).fill("75");
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    // Reset brings back what is saved; then the change again, and save.
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(hammer.getByLabel("Price", { exact: true })).toHaveValue("50");
    await expect(page.getByText("No changes", { exact: true })).toBeVisible();
    await hammer.getByLabel("Price", { exact: true }).fill("75");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("✓ Saved as revision 2")).toBeVisible();
    await expect(page.getByText("Revision 2", { exact: true })).toBeVisible();
    await page.reload();
    await expect(hammer.getByLabel("Price", { exact: true })).toHaveValue("75");
  });

  await test.step("grant 5 tickets to a player and look the player up", async () => {
    await page.getByLabel("Player", { exact: true }).fill(playerId);
    await page.getByLabel("Resource", { exact: true }).selectOption({ label: "Tickets" });
    await page.getByLabel("Amount").fill("5");
    await expect(page.getByText("Adds 5 Tickets.")).toBeVisible();
    await page.getByRole("button", { name: "Grant", exact: true }).click();
    // A new player starts with 2 tickets.
    await expect(page.getByTestId("grant-result")).toHaveText(`Granted 5 Tickets to ${playerId}. New balance: 7.`);

    await page.getByLabel("External user ID").fill(playerId);
    await page.getByRole("button", { name: "Look up" }).click();
    const player = page.getByTestId("player-economy");
    await expect(player.getByTestId("balance-tickets")).toContainText("7");
    await expect(player.getByTestId("balance-coins")).toContainText("100");
    await expect(player.getByTestId("balance-coins")).toContainText("coins · starting balance");
    const rows = player.getByTestId("ledger-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole("cell")).toHaveText([/./, /^Console grant/, "Tickets", "+5", "7"], { useInnerText: true });
    await expect(rows.nth(1).getByRole("cell")).toHaveText([/./, /^Starting balance/, "Tickets", "+2", "2"], { useInnerText: true });
    await expect(rows.nth(0).getByRole("cell").nth(3)).toHaveClass(/text-emerald/);
  });

  await test.step("a debit beyond the balance is refused in plain words; one within it refreshes the lookup", async () => {
    await page.getByLabel("Amount").fill("-10");
    await expect(page.getByRole("button", { name: "Take away" })).toBeVisible();
    await page.getByRole("button", { name: "Take away" }).click();
    await expect(page.getByText("The player has only 7 Tickets, not 10. Nothing changed.")).toBeVisible();
    await page.getByLabel("Amount").fill("-3");
    await page.getByRole("button", { name: "Take away" }).click();
    await expect(page.getByTestId("grant-result")).toHaveText(`Took 3 Tickets from ${playerId}. New balance: 4.`);
    const player = page.getByTestId("player-economy");
    await expect(player.getByTestId("balance-tickets")).toContainText("4");
    const first = player.getByTestId("ledger-row").first();
    await expect(first.getByRole("cell")).toHaveText([/./, /^Console grant/, "Tickets", "−3", "4"], { useInnerText: true });
    await expect(first.getByRole("cell").nth(3)).toHaveClass(/text-red/);
    await shots(page, "console-economy-page");
  });

  await test.step("a price in a resource that does not exist: the error beside the field, nothing saved", async () => {
    await page.getByLabel("ID of resource 2").fill("gold");
    await hammer.getByLabel("Price", { exact: true }).fill("80");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Nothing was saved")).toBeVisible();
    await expect(hammer.getByRole("alert")).toHaveText("Not one of the resources.");
    await expect(hammer.getByLabel("Price resource")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await expect(page.getByText("Revision 2", { exact: true })).toBeVisible();
    await shots(page, "console-economy-invalid");
    await page.reload();
    await expect(page.getByText("Revision 2", { exact: true })).toBeVisible();
    await expect(page.getByLabel("ID of resource 2")).toHaveValue("coins");
    await expect(hammer.getByLabel("Price", { exact: true })).toHaveValue("75");
  });

  await test.step("after rows are removed and added, the server's issues still land on the row they name", async () => {
    await page.getByRole("button", { name: "Remove booster Shuffle" }).click();
    await page.getByRole("button", { name: "+ Add booster" }).click();
    const added = page.getByRole("group", { name: /^Booster 4/ });
    await expect(added.getByLabel("Price resource")).toHaveValue("tickets");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(added.getByRole("alert")).toHaveText(["Lowercase letters, digits and _, starting with a letter, at most 32.", "Required."]);
    await expect(hammer.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByRole("group", { name: /^Shuffle/ })).toBeVisible();
    await expect(page.getByText("Nothing was saved")).toHaveCount(0);
  });
});
