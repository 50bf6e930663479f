import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { sliceAt } from "../client/shell/wheel-math";
import { integratorAdmin } from "./helpers/integrator";
import { seenHowTo } from "./helpers/howto";

// the first-run "how to play" screen has its own spec (games-polish.spec.ts)
test.beforeEach(({ page }) => seenHowTo(page));

/**
 * The prize wheel in the play shell: the demo's daily wheel lands where the server says; on an
 * integrator's page a player wins tickets, buys a booster with them and plays it in a match3 run;
 * a wheel_only project shows nothing but its wheel.
 */
type TSpin = { spin_id: string; segment: { index: number }; award: { resource_id: string; amount: number } | null };
type TShell = { state: string; spin: TSpin | null; view: Record<string, unknown> | null; lastResponse: { animation_steps: { type: string; effect?: string }[] } | null };

const shellState = (frame: Frame) => frame.evaluate(() => (window as unknown as { __playloop: TShell }).__playloop);

async function frameOf(page: Page): Promise<Frame> {
  const frame = await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame();
  if (!frame) throw new Error("no shell frame");
  return frame;
}

/**
 * The slice under the pointer as the player sees it, read in one call inside the frame (from the
 * rotor's computed rotation and the slices drawn), with whether the rotor is rendered and its
 * transform, which a failure prints. One call, because a locator's evaluate resolves the element
 * and runs the function in two round trips, and an element replaced in between reads as detached
 * (transform "", no rotation): CI once read slice 0 with no way to tell why.
 */
async function sliceUnderPointer(frame: Frame) {
  const v = await frame.evaluate(() => {
    const el = document.querySelector<HTMLElement>("[data-testid=wheel]");
    if (!el) return null;
    const transform = getComputedStyle(el).transform;
    const m = new DOMMatrix(transform); // "none" and "" (detached) read as no rotation
    return { rendered: el.getClientRects().length > 0, transform, deg: (Math.atan2(m.b, m.a) * 180) / Math.PI, slices: el.querySelectorAll("path[data-segment]").length };
  });
  return v ? { rendered: v.rendered, transform: v.transform, slice: sliceAt(v.deg, v.slices) } : { rendered: false, transform: null, slice: null };
}

async function spinOnce(frame: Frame): Promise<TSpin> {
  const before = (await shellState(frame)).spin?.spin_id;
  await frame.getByTestId("wheel-spin").click();
  await expect(frame.getByTestId("wheel-result")).toBeVisible({ timeout: 15_000 });
  const spin = (await shellState(frame)).spin!;
  expect(spin.spin_id).not.toBe(before);
  return spin;
}

test("the demo's daily wheel: a free spin lands on the server's slice and its prize is in the balance", async ({ page }) => {
  await page.goto("/demo?game=match3_v1");
  const frame = await frameOf(page);
  const card = frame.getByTestId("lobby-wheel");
  await expect(card).toContainText("Daily wheel");
  await expect(card).toContainText(/free spin/i);
  await page.screenshot({ path: "test-results/wheel-demo-lobby.png" });
  const tickets = Number(await frame.getByTestId("balance-tickets").first().textContent());
  const coins = Number(await frame.getByTestId("balance-coins").first().textContent());
  await card.click();
  await expect(frame.getByTestId("wheel-status")).toContainText(/free spin/i);
  await expect(frame.getByTestId("wheel-commitment")).toHaveText(/^[0-9a-f]{64}$/);
  const commitment = await frame.getByTestId("wheel-commitment").textContent();
  await page.screenshot({ path: "test-results/wheel-demo-before.png" });

  const spin = await spinOnce(frame);
  // polled: a person sees the rotor at rest, and so must the test (a read mid-replacement is not what shows)
  await expect.poll(() => sliceUnderPointer(frame), { timeout: 5_000 }).toMatchObject({ rendered: true, slice: spin.segment.index });
  await expect(frame.getByTestId("wheel-result")).toHaveAttribute("data-award", spin.award ? `${spin.award.resource_id}:${spin.award.amount}` : "none");
  await page.screenshot({ path: "test-results/wheel-demo-result.png" });
  await frame.getByTestId("wheel-result-ok").click();

  // the prize is in the balance; the seed committed before the spin is revealed after it
  const expected = { tickets, coins };
  if (spin.award) expected[spin.award.resource_id as "tickets" | "coins"] += spin.award.amount;
  await expect(frame.getByTestId("balance-tickets")).toHaveText(String(expected.tickets));
  await expect(frame.getByTestId("balance-coins")).toHaveText(String(expected.coins));
  await frame.locator("details.plq-wheel-rules summary").click();
  const seed = await frame.getByTestId("wheel-revealed-seed").textContent();
  const { createHash } = await import("node:crypto");
  expect(createHash("sha256").update(seed!).digest("hex")).toBe(commitment);
  await expect(frame.getByTestId("wheel-commitment")).not.toHaveText(commitment!);
  await page.screenshot({ path: "test-results/wheel-demo-after.png" });
});

test("the new wheel's slice labels read in the player's language and stop short of the hub, in Latin, Japanese and Arabic script", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [lang, coins] of [["de", "10 Münzen"], ["ja", "10コイン"], ["ar", "10 عملات"]] as const) {
    await page.goto(`/demo?game=match3_v1&lang=${lang}`);
    await page.getByRole("button", { name: "Play now" }).click(); // a phone opens the demo's widget with it
    const frame = await frameOf(page);
    await frame.getByTestId("lobby-wheel").click();
    await frame.getByTestId("wheel-spin").waitFor();
    // every label's corners, in the wheel's own units (the hub's ring ends 17 from the centre)
    const labels = await frame.evaluate(() =>
      Array.from(document.querySelectorAll<SVGTextElement>("[data-testid=wheel] svg text")).map((t) => {
        const svg = t.ownerSVGElement!;
        const m = svg.getScreenCTM()!.inverse().multiply(t.getScreenCTM()!);
        const b = t.getBBox();
        const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
        return { text: t.textContent, nearest: Math.min(...corners.map((p) => Math.hypot(p.x - 100, p.y - 100))) };
      }),
    );
    expect(labels.map((l) => l.text)).toContain(coins);
    for (const l of labels) expect(l.nearest, `${lang} "${l.text}"`).toBeGreaterThan(19);
  }
});

test("on an integrator's page a player wins tickets on the wheel, buys a shuffle with them and plays it", async ({ page, baseURL }) => {
  let pageHtml = "";
  const site = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(pageHtml));
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    const shop = await integrator(baseURL!, siteOrigin, { entry_mode: "lobby" });
    pageHtml = shopPage(baseURL!, shop);
    await page.goto(siteOrigin);
    const frame = await frameOf(page);
    await frame.getByTestId("lobby-wheel").click();
    const spin = await spinOnce(frame);
    expect(spin.award).toEqual({ type: "tickets", resource_id: "tickets", amount: 3 });
    await frame.getByTestId("wheel-result-ok").click();
    await expect(frame.getByTestId("balance-tickets")).toHaveText("5");
    await frame.getByTestId("wheel-back").click();

    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    await frame.waitForFunction(() => (window as any).__playloop?.state === "playing");
    const shuffle = frame.getByTestId("booster-gem_shuffle");
    await shuffle.click();
    await shuffle.click();
    await expect(frame.getByTestId("booster-tray").getByTestId("balance-tickets")).toHaveText("4");
    await expect.poll(async () => (await shellState(frame)).lastResponse?.animation_steps[0]).toEqual({ type: "booster", effect: "shuffle" });
    await page.screenshot({ path: "test-results/wheel-tickets-to-booster.png" });
  } finally {
    site.close();
  }
});

test("a wheel_only project shows its wheel and nothing else", async ({ page, baseURL }) => {
  let pageHtml = "";
  const site = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(pageHtml));
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    const shop = await integrator(baseURL!, siteOrigin, { entry_mode: "wheel_only" });
    pageHtml = shopPage(baseURL!, shop);
    await page.goto(siteOrigin);
    const frame = await frameOf(page);
    await expect(frame.getByTestId("wheel-screen")).toBeVisible({ timeout: 20_000 });
    await expect(frame.getByTestId("wheel-back")).toHaveCount(0);
    await expect(frame.getByTestId("lobby")).toHaveCount(0);
    await expect(frame.getByTestId("wheel-status")).toContainText(/free spin/i);
    await page.setViewportSize({ width: 390, height: 760 });
    await page.screenshot({ path: "test-results/wheel-only-phone.png" });
  } finally {
    site.close();
  }
});

function shopPage(base: string, shop: { projectId: string; playerToken: string }): string {
  return `<!doctype html><html><body style="margin:0">
    <script src="${base}/v1/widget.js" data-project-id="${shop.projectId}" data-auth="site" data-container="#games" async></script>
    <div id="games" style="width:100%;max-width:420px;height:760px"></div>
    <script>(function set() { if (window.Playloop && window.Playloop.setSessionToken) window.Playloop.setSessionToken(${JSON.stringify(shop.playerToken)}); else setTimeout(set, 20); })();</script>
    </body></html>`;
}

/**
 * An integrator: admin with 2FA, a project on the site's origin, a daily wheel whose prize is
 * almost surely 3 tickets (a "nothing" slice is required; its weight is one in a million), the
 * wheel in the lobby (or as the whole experience), and a verified player session.
 */
async function integrator(base: string, siteOrigin: string, opts: { entry_mode: "lobby" | "wheel_only" }) {
  const { token, json } = await integratorAdmin(base, "wheel");
  const { project_id: projectId } = await json("POST", "/v1/admin/projects", token, { name: "Shop with a wheel", allowed_origins: [siteOrigin] });
  const wheel = `/v1/admin/projects/${projectId}/wheels/daily`;
  const { draft } = await json("GET", `${wheel}/draft`, token);
  draft.segments = draft.segments.map((s: { award: { type: string; amount?: number }; weight: number }) => ({
    ...s,
    weight: s.award.type === "nothing" ? 1 : s.award.type === "tickets" && s.award.amount === 3 ? 1_000_000 : 1,
  }));
  const saved = await json("PUT", `${wheel}/draft`, token, draft);
  await json("POST", `${wheel}/publish`, token, { expected_draft_hash: saved.draft_hash });
  await json("PATCH", `/v1/admin/projects/${projectId}`, token, { play_mechanic: "match3_v1", lobby_wheel_enabled: true, entry_mode: opts.entry_mode });
  const { secret: apiKey } = await json("POST", `/v1/admin/projects/${projectId}/api-keys`, token, { name: "shop", scopes: ["session:issue"] });
  const session = await json("POST", "/v1/server/session-token", apiKey, { project_id: projectId, external_user_id: `shopper-${Date.now()}`, ttl_seconds: 3600 });
  return { projectId, playerToken: session.session_token as string };
}
