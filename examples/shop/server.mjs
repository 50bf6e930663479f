// The sample shop: a tiny integrator of Playloop, the whole loop on one machine.
//
//   npm run example:shop          (then open http://localhost:4242)
//
// It is what your own site does, in about two hundred lines and one dependency, the Playloop
// server SDK (@playloop/node, sdk/node in this repository):
//   1. its page embeds the Playloop loader (one script tag) for the shopper who is signed in;
//   2. its server issues that shopper's Playloop session with your API key (scope session:issue),
//      so their wins can earn rewards (a session your page could forge would be worthless);
//   3. its webhook receiver verifies each signed reward (verifyWebhook), grants it once per
//      idempotency key, and the page shows it.
//
// Settings: the setup page at /setup (kept in examples/shop/.settings.json, git-ignored), or the
// environment: PLAYLOOP_URL (default http://localhost:3000), PLAYLOOP_PROJECT_ID, PLAYLOOP_API_KEY,
// PLAYLOOP_WEBHOOK_SECRET, SHOP_PORT (default 4242).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { Playloop, PlayloopError, verifyWebhook } from "@playloop/node";

const SETTINGS_FILE = fileURLToPath(new URL("./.settings.json", import.meta.url));
const port = Number(process.env.SHOP_PORT ?? 4242);

/** The shop's settings: the environment first, then what the setup page saved. */
function settings() {
  const saved = existsSync(SETTINGS_FILE) ? JSON.parse(readFileSync(SETTINGS_FILE, "utf8")) : {};
  return {
    playloopUrl: (process.env.PLAYLOOP_URL ?? saved.playloopUrl ?? "http://localhost:3000").replace(/\/+$/, ""),
    projectId: process.env.PLAYLOOP_PROJECT_ID ?? saved.projectId ?? "",
    apiKey: process.env.PLAYLOOP_API_KEY ?? saved.apiKey ?? "",
    webhookSecret: process.env.PLAYLOOP_WEBHOOK_SECRET ?? saved.webhookSecret ?? "",
  };
}

// Rewards granted, by shopper; the keys already seen, each with the id of what was recorded for it
// (answered as `grant_id`, so Playloop's receiver check can tell a redelivery from a second grant).
// A real shop keeps both in its database, the key under a unique constraint written in the same
// transaction as the reward.
const rewards = new Map();
const granted = new Map();

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const shopperOf = (req) => /(?:^|;\s*)shopper=([A-Za-z0-9_.-]{1,64})/.exec(req.headers.cookie ?? "")?.[1] ?? null;

function send(res, status, body, type = "text/html; charset=utf-8", headers = {}) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers }).end(body);
}

function readBody(req, limit = 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > limit) reject(new Error("body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const layout = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2933;background:#f7f7f5}header{display:flex;justify-content:space-between;align-items:center;padding:16px 24px;background:#1f3b2d;color:#fff}
header b{font-size:20px}main{max-width:960px;margin:0 auto;padding:24px}form{display:grid;gap:12px;max-width:520px}input{font:inherit;padding:8px 10px;border:1px solid #c7ccd1;border-radius:8px}
button{font:inherit;padding:8px 14px;border:0;border-radius:8px;background:#1f3b2d;color:#fff;cursor:pointer}ul.products{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:14px}
ul.products li{background:#fff;border-radius:12px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}.swatch{height:90px;border-radius:8px;margin-bottom:6px}
#rewards{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}#rewards li{margin:4px 0}.muted{color:#5f6b76;font-size:14px}code{background:#eef0f2;padding:1px 4px;border-radius:4px}
</style></head><body>${body}</body></html>`;

function setupPage(s, note = "") {
  return layout("Sample shop — setup", `<header><b>Sample shop</b><span>setup</span></header><main>
<h1>Connect the shop to Playloop</h1>
<p class="muted">In the Playloop console: create a project with the site address <code>http://localhost:${port}</code> and the game mode <em>Rewards</em>, a campaign, and an API key with <code>session:issue</code>;
set the webhook URL to <code>http://localhost:${port}/webhooks/playloop</code> and reveal its secret. Paste them here.</p>
${note ? `<p role="status">${esc(note)}</p>` : ""}
<form method="post" action="/setup">
<label>Playloop URL <input name="playloopUrl" value="${esc(s.playloopUrl)}" required></label>
<label>Project id <input name="projectId" value="${esc(s.projectId)}" required></label>
<label>API key (scope session:issue) <input name="apiKey" value="${esc(s.apiKey)}" required autocomplete="off"></label>
<label>Webhook secret <input name="webhookSecret" value="${esc(s.webhookSecret)}" required autocomplete="off"></label>
<button type="submit">Save</button></form></main>`);
}

function shopPage(s, shopper) {
  const products = ["Trail shoes", "Rain jacket", "Wool socks", "Day pack"].map((n, i) => `<li><div class="swatch" style="background:hsl(${i * 70},55%,78%)"></div><b>${n}</b><div class="muted">$${29 + i * 10}.00</div></li>`).join("");
  const signIn = `<form method="post" action="/sign-in" style="display:flex;gap:8px"><input name="shopper" placeholder="Your name" pattern="[A-Za-z0-9_.-]{1,64}" required aria-label="Your name"><button>Sign in</button></form>`;
  return layout("Sample shop", `<header><b>Sample shop</b>${shopper ? `<span>Signed in as <b data-testid="shopper">${esc(shopper)}</b></span>` : signIn}</header><main>
<h1>New arrivals</h1><ul class="products">${products}</ul>
<section id="rewards" aria-live="polite"><h2>Your rewards</h2><ul data-testid="rewards"></ul><p class="muted" data-testid="no-rewards">${shopper ? "Win a level in the game to earn one." : "Sign in to earn rewards by playing."}</p></section>
${s.projectId ? "" : `<p class="muted">Not set up yet? <a href="/setup">Connect the shop to Playloop</a>.</p>`}</main>
${shopper ? `<script>
  // The page asks the shop's own server for the shopper's Playloop session (never the API key),
  // and hands it to the loader — queued if the loader has not run yet.
  window.Playloop = window.Playloop || { q: [] };
  fetch("/playloop-session").then((r) => r.json()).then((s) => {
    if (!s.session_token) return;
    if (window.Playloop.setSessionToken) window.Playloop.setSessionToken(s.session_token);
    else window.Playloop.q.push(["setSessionToken", s.session_token]);
  });
  async function refresh() {
    const list = await fetch("/rewards.json").then((r) => r.json());
    document.querySelector("[data-testid=rewards]").innerHTML = list.map((r) => "<li>" + r.text + "</li>").join("");
    document.querySelector("[data-testid=no-rewards]").hidden = list.length > 0;
  }
  refresh();
  setInterval(refresh, 1500);
</script>` : ""}
${s.projectId ? `<script async src="${esc(s.playloopUrl)}/v1/widget.js" data-project-id="${esc(s.projectId)}"${shopper ? ' data-auth="site"' : ""}></script>` : ""}`);
}

/** What a reward says to the shopper, from the campaign's reward type and metadata. */
function rewardText(event) {
  const m = event.reward_metadata ?? {};
  if (event.reward_type === "promo_code") return `A ${esc(m.discount_percent ?? "")}% discount code: <b>${esc(`${m.code_prefix ?? "PLAY"}-${String(event.idempotency_key).slice(-6).toUpperCase()}`)}</b>`;
  if (event.reward_type === "points") return `<b>${esc(m.amount ?? "")}</b> loyalty points`;
  return `A reward: <b>${esc(event.reward_type)}</b>`;
}

export function createShop() {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://localhost:${port}`);
    const s = settings();
    try {
      if (req.method === "GET" && url.pathname === "/") return send(res, 200, shopPage(s, shopperOf(req)));
      if (req.method === "GET" && url.pathname === "/setup") return send(res, 200, setupPage(s));
      if (req.method === "POST" && url.pathname === "/setup") {
        const form = new URLSearchParams((await readBody(req)).toString("utf8"));
        const next = { playloopUrl: form.get("playloopUrl") ?? "", projectId: form.get("projectId") ?? "", apiKey: form.get("apiKey") ?? "", webhookSecret: form.get("webhookSecret") ?? "" };
        writeFileSync(SETTINGS_FILE, JSON.stringify(next, null, 2) + "\n", { mode: 0o600 });
        return send(res, 303, "", "text/plain", { location: "/" });
      }
      if (req.method === "POST" && url.pathname === "/sign-in") {
        const name = new URLSearchParams((await readBody(req)).toString("utf8")).get("shopper") ?? "";
        if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return send(res, 400, "Use letters, digits, . _ or -", "text/plain");
        // Playloop keeps these prefixes for its own players (anonymous and erased ones): it would refuse the session
        if (/^(anon_|erased_)/.test(name)) return send(res, 400, "Names starting with anon_ or erased_ are Playloop's own; choose another", "text/plain");
        return send(res, 303, "", "text/plain", { location: "/", "set-cookie": `shopper=${name}; Path=/; HttpOnly; SameSite=Lax` });
      }
      if (req.method === "GET" && url.pathname === "/playloop-session") {
        const shopper = shopperOf(req);
        if (!shopper) return send(res, 401, JSON.stringify({ error: "sign in first" }), "application/json");
        // Server to server, with the API key: the session says who the shopper is.
        try {
          const playloop = new Playloop({ apiKey: s.apiKey, baseUrl: s.playloopUrl, projectId: s.projectId });
          const { session_token } = await playloop.issueSessionToken({ external_user_id: shopper, ttl_seconds: 3600 });
          return send(res, 200, JSON.stringify({ session_token }), "application/json");
        } catch (e) {
          if (!(e instanceof PlayloopError)) console.error("[shop] session not issued:", e);
          return send(res, 502, JSON.stringify({ error: e instanceof PlayloopError ? e.code : "not issued" }), "application/json");
        }
      }
      if (req.method === "GET" && url.pathname === "/rewards.json") return send(res, 200, JSON.stringify(rewards.get(shopperOf(req)) ?? []), "application/json");
      if (req.method === "POST" && url.pathname === "/webhooks/playloop") {
        const raw = await readBody(req);
        // Verified over the exact bytes received, before anything parses them; answers the event.
        let event;
        try {
          // Several secrets, comma-separated, during a rotation (the new one first); spaces around
          // a pasted secret are not part of it.
          event = verifyWebhook(raw, req.headers, s.webhookSecret.split(",").map((x) => x.trim()).filter(Boolean));
        } catch (e) {
          return send(res, 401, JSON.stringify({ error: "invalid_signature", reason: e.reason }), "application/json");
        }
        const key = event.idempotency_key;
        if (!granted.has(key)) {
          // Once per key: a retried delivery grants nothing twice. A test delivery grants nothing.
          granted.set(key, `grant_${granted.size + 1}`);
          if (event.event === "reward.eligible" && event.test !== true) {
            const list = rewards.get(event.external_user_id) ?? [];
            list.push({ text: rewardText(event), at: event.timestamp, key });
            rewards.set(event.external_user_id, list);
            console.log(`[shop] granted ${event.reward_type} to ${event.external_user_id} (${key})`);
          }
        }
        return send(res, 200, JSON.stringify({ status: "ok", grant_id: granted.get(key) }), "application/json");
      }
      return send(res, 404, "Not found", "text/plain");
    } catch (e) {
      console.error("[shop]", e);
      return send(res, 500, "Something went wrong", "text/plain");
    }
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // "localhost" is ::1 before 127.0.0.1 on many machines (macOS, most Linux hosts files), and
  // Playloop delivers to the first address the name resolves to: the shop answers on both, on this
  // machine only, with one state (a second listener of the same handlers).
  const v6 = createShop();
  v6.on("error", () => {}); // no IPv6 loopback here: 127.0.0.1 alone
  v6.listen(port, "::1");
  createShop().listen(port, "127.0.0.1", () => {
    const s = settings();
    console.log(`[shop] the sample shop is at http://localhost:${port}/`);
    console.log(s.projectId ? `[shop] connected to project ${s.projectId} at ${s.playloopUrl}` : `[shop] not connected yet: open http://localhost:${port}/setup`);
    console.log(`[shop] its webhook URL for the Playloop console: http://localhost:${port}/webhooks/playloop`);
  });
}
