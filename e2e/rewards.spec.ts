import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { verify } from "../docs/webhooks/verify-node.mjs";
import { integratorAdmin } from "./helpers/integrator";
import { seenHowTo } from "./helpers/howto";
import { playToWin } from "./helpers/play-to-win";

// the first-run "how to play" screen has its own spec (games-polish.spec.ts)
test.beforeEach(({ page }) => seenHowTo(page));

/**
 * The acceptance path of rewards: a verified shopper on the integrator's own page (another origin)
 * plays match3 level 1 through the real widget; within a second of the winning move the
 * integrator's endpoint (a receiver in this test) gets a correctly signed reward.eligible.
 */
type TReceived = { body: string; headers: http.IncomingHttpHeaders; at: number };

test("a win on the integrator's page becomes a signed reward.eligible within a second", async ({ page, baseURL }) => {
  test.setTimeout(150_000); // match3 level 1 takes about ten moves (the designed curve); room for a slow machine
  const received: TReceived[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString(), headers: req.headers, at: Date.now() });
      res.writeHead(200).end("granted");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/playloop`;

  // The integrator's site: a page on its own origin that embeds the loader with a verified session.
  let pageHtml = "";
  const site = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(pageHtml));
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  try {
    const api = await integrator(baseURL!, siteOrigin, hookUrl);
    pageHtml = `<!doctype html><html><body><h1>Shop</h1>
      <script>window.addEventListener("playloop:run_finished", (e) => (window.__finished = e.detail));</script>
      <script src="${baseURL}/v1/widget.js" data-project-id="${api.projectId}" data-auth="site" data-container="#games" async></script>
      <div id="games" style="width:420px;height:760px"></div>
      <script>
        (function set() { if (window.Playloop && window.Playloop.setSessionToken) window.Playloop.setSessionToken(${JSON.stringify(api.playerToken)}); else setTimeout(set, 20); })();
      </script></body></html>`;
    await page.goto(siteOrigin);
    const frame = await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame();
    if (!frame) throw new Error("no shell frame");
    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    const winAt = await playToWin(frame);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const got = received[0]!;
    const latency = got.at - winAt;
    // how fast is the bench's to judge (claim → first attempt, p95 ≤ 1 s); here it is only reported
    console.log(`winning move → integrator's endpoint: ${latency} ms`);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ event: "reward.eligible", payload_version: 2, project_id: api.projectId, campaign_id: api.campaignId, external_user_id: "shopper-42", trigger: "game_won", mechanic: "match3_v1", level_number: 1 });
    expect(body.idempotency_key).toMatch(new RegExp(`^${api.campaignId}:shopper-42:match3_v1:level:`));
    expect(got.headers["x-legacy-idempotency-key"]).toBe(body.idempotency_key);
    expect(got.headers["x-legacy-signature"]).toBe(got.headers["x-service-signature"]);
    expect(verify(got.body, got.headers["x-service-signature"] as string, api.secret)).toBe(true);
    await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
    // The player sees what the reward is doing, from the claim's real status (delivered by now: sent).
    await expect(frame.getByTestId("result-reward")).toHaveText(/Your reward (is on its way|has been sent)\./);
    // the campaign's own words for the prize, in the player's language (English here), above the status
    await expect(frame.getByTestId("result-reward-message")).toHaveText("10% off your next order");
    await page.screenshot({ path: "test-results/rewards-integrator-page.png" });
  } finally {
    receiver.close();
    site.close();
  }
});

test("an anonymous visitor of a rewards project is told, in the site's words, how to earn rewards — never promised a win", async ({ page, baseURL }) => {
  let pageHtml = "";
  const site = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(pageHtml));
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    const api = await integrator(baseURL!, siteOrigin, "https://hooks.example/playloop");
    pageHtml = `<!doctype html><html><body><h1>Shop</h1>
      <script src="${baseURL}/v1/widget.js" data-project-id="${api.projectId}" data-container="#games" data-sign-in-text="Sign in to your Shop account to collect points." async></script>
      <div id="games" style="width:420px;height:760px"></div></body></html>`;
    await page.goto(siteOrigin);
    const frame = await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame();
    if (!frame) throw new Error("no shell frame");
    await expect(frame.getByTestId("sign-in-note")).toHaveText("Sign in to your Shop account to collect points.");
    await expect(frame.locator(".plq-eyebrow")).toHaveText("Play");
    await page.screenshot({ path: "test-results/rewards-anonymous-lobby.png" });
  } finally {
    site.close();
  }
});

/** What an integrator does once: an admin account with 2FA, a rewards project and campaign, a key, a verified session. */
async function integrator(base: string, siteOrigin: string, hookUrl: string) {
  const { token, json } = await integratorAdmin(base, "rewards");
  const { project_id: projectId } = await json("POST", "/v1/admin/projects", token, { name: "Shop with rewards", allowed_origins: [siteOrigin] });
  await json("PATCH", `/v1/admin/projects/${projectId}`, token, { play_mechanic: "match3_v1", game_mode: "rewards", webhook_url: hookUrl });
  const campaign = await json("POST", `/v1/admin/projects/${projectId}/campaigns`, token, {
    name: "First win",
    trigger_type: "game_won",
    reward_type: "promo_code",
    reward_metadata: { discount_percent: 10 },
    player_message: { en: "10% off your next order", de: "10 % Rabatt auf deine nächste Bestellung" },
  });
  const { secret: apiKey } = await json("POST", `/v1/admin/projects/${projectId}/api-keys`, token, { name: "shop", scopes: ["session:issue"] });
  const session = await json("POST", "/v1/server/session-token", apiKey, { project_id: projectId, external_user_id: "shopper-42", ttl_seconds: 3600 });
  const { secret } = await json("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, token);
  return { projectId, campaignId: campaign.campaign_id as string, playerToken: session.session_token as string, secret };
}
