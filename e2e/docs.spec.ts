import { expect, test } from "@playwright/test";

test("the API reference renders from the generated document", async ({ page }) => {
  await page.goto("/docs");
  // Swagger UI renders nothing until it has parsed the whole document (every route, its schemas
  // and examples); with the other worker playing games on the same two cores this once took more
  // than the default 10 s in CI, the page then complete in the failure's screenshot.
  await expect(page.locator(".swagger-ui .info .title")).toContainText("Playloop API", { timeout: 30_000 });
  await expect(page.locator(".opblock-summary-path", { hasText: "/v1/health" }).first()).toBeVisible();
  await expect(page.locator(".opblock-summary-path", { hasText: "/v1/status" }).first()).toBeVisible();
  // The error table's header reads "code · HTTP · meaning", not "HTTPmeaning": its cells are spaced.
  const http = page.getByRole("columnheader", { name: "HTTP", exact: true });
  const meaning = page.getByRole("columnheader", { name: "meaning", exact: true });
  const [a, b] = [await http.boundingBox(), await meaning.boundingBox()];
  const textGap = await http.evaluate((th) => parseFloat(getComputedStyle(th).paddingLeft));
  expect(textGap).toBeGreaterThanOrEqual(8);
  expect(b!.x).toBeGreaterThanOrEqual(a!.x + a!.width);
  await page.screenshot({ path: "test-results/docs.png", fullPage: false });
});

test("the home page links to the reference and status", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: /API reference/ }).click();
  await expect(page).toHaveURL(/\/docs$/);
});

test("unknown /v1 routes answer JSON 404 through the full stack", async ({ request }) => {
  const res = await request.get("/v1/definitely-not-here");
  expect(res.status()).toBe(404);
  const body = await res.json();
  expect(body.code).toBe("not_found");
  expect(body.request_id).toBe(res.headers()["x-request-id"]);
});
