import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createProjectInConsole, DESKTOP, PHONE, shots, signUpWithTwoFactor } from "./helpers/console";

/**
 * An admin sets a lobby background from the console: a landscape photo is refused in plain words,
 * a phone-sized one uploads with a preview, then shows in the widget preview and behind the lobby
 * of the real play shell embedded on the (allowed) shop site; reset brings the default back.
 */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height * 0.3}" r="${width / 5}" fill="#fde047"/>
    <rect y="${height * 0.75}" width="100%" height="${height * 0.25}" fill="#166534"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test("an admin uploads a phone photo as the lobby background and sees it in the preview and the play shell", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await signUpWithTwoFactor(page, "backgrounds");
  // The shop page is served by the test on the server's own origin (a public site may not reach a
  // loopback server in Chromium), so that origin is the project's allowed site.
  const projectId = await createProjectInConsole(page, "Beach Shop", baseURL!);

  await page.getByRole("link", { name: "Game", exact: true }).click();
  await page.getByTestId("template-list").locator("li", { hasText: "Gem Match" }).getByRole("button", { name: "Select" }).click();
  const lobby = page.getByTestId("background-lobby");
  await expect(lobby).toContainText("Default");

  await test.step("a landscape photo is refused in plain words, nothing uploaded", async () => {
    await page.getByTestId("background-file-lobby").setInputFiles({ name: "wide.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(1600, 900) });
    await expect(lobby.getByRole("alert")).toContainText("This image is landscape (1600×900); use a portrait (taller than wide) photo at least 420×760.");
    await expect(lobby).toContainText("Default");
    await expect(lobby.getByRole("img", { name: "The picked image" })).toBeVisible(); // the crop guide shows what would be kept
    await lobby.screenshot({ path: "test-results/console-backgrounds-refused-card-desktop.png" });
  });

  await test.step("a phone-sized photo uploads and shows in the phone frame", async () => {
    await page.getByTestId("background-file-lobby").setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(1080, 1920) });
    await expect(lobby).toContainText("Custom");
    await expect(lobby).toContainText("Current: JPEG 1080×1920.");
    const img = page.getByTestId("background-preview-lobby").locator("img");
    await expect(img).toHaveAttribute("src", new RegExp(`^/v1/project-game-assets/${projectId}/[0-9a-f]{32}$`));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(840);
    // And one behind Gem Match's board.
    await page.getByTestId("background-file-match3_v1").setInputFiles({ name: "board.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(900, 1600) });
    await expect(page.getByTestId("background-match3_v1")).toContainText("Custom");
    await lobby.scrollIntoViewIfNeeded();
    await shots(page, "console-backgrounds-game-page");
  });

  await test.step("the widget preview shows it", async () => {
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    const frame = page.frameLocator("[data-testid=widget-preview-frame]");
    await expect(frame.getByTestId("widget-preview")).toHaveAttribute("data-background", new RegExp(`^/v1/project-game-assets/${projectId}/`));
    await page.getByTestId("widget-preview-frame").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/console-backgrounds-widget-preview-desktop.png" });
  });

  await test.step("the play shell on the shop's site shows it behind the lobby", async () => {
    const shop = await page.context().newPage();
    await shop.setViewportSize(PHONE);
    await shop.route(`${baseURL}/e2e-shop/`, (route) =>
      route.fulfill({ contentType: "text/html", body: `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body style="margin:0"><script src="/v1/widget.js" data-project-id="${projectId}" data-autostart="open" async></script></body></html>` }),
    );
    await shop.goto(`${baseURL}/e2e-shop/`);
    const handle = await shop.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 });
    const frame = (await handle.contentFrame())!;
    const screen = frame.getByTestId("lobby");
    await screen.waitFor({ timeout: 20_000 });
    await expect(screen).toHaveClass(/has-bg/);
    expect(await screen.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(`/v1/project-game-assets/${projectId}/`);
    await shop.waitForTimeout(500); // let the image paint for the screenshot (not a domain wait)
    await shop.screenshot({ path: "test-results/console-backgrounds-play-shell-phone.png" });
    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    const game = frame.locator(".plq-game");
    await expect(game).toHaveClass(/has-bg/);
    expect(await game.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(`/v1/project-game-assets/${projectId}/`);
    await shop.waitForTimeout(500);
    await shop.screenshot({ path: "test-results/console-backgrounds-play-board-phone.png" });
    await shop.close();
  });

  await test.step("back on the game page, its track shows at once: nothing below moves while it refreshes", async () => {
    // The page's own fetch of the level goals is held: the selected game's cached track is shown
    // meanwhile, so the cards below (backgrounds, entry) do not jump down when it answers.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const goals = /\/api\/trpc\/[^?]*projects\.levelGoals/;
    await page.route(goals, async (route) => {
      await held;
      await route.continue();
    });
    const refetch = page.waitForRequest(goals);
    await page.getByRole("link", { name: "Game", exact: true }).click();
    await refetch;
    await expect(page.getByTestId("level-goals").locator("tbody tr")).toHaveCount(20);
    release();
    await page.unroute(goals);
  });

  await test.step("reset brings the default back", async () => {
    await lobby.getByTestId("background-reset-lobby").click();
    await lobby.getByRole("button", { name: "Yes, reset" }).click();
    await expect(lobby).toContainText("Default");
    await expect(page.getByTestId("background-preview-lobby").locator("img")).toHaveCount(0);
  });
});
