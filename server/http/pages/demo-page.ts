import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "@/server/config/env";
import { DEMO_GAMES, demoGame, ensureDemoProject } from "@/server/domain/workspace";
import { findGameManifest } from "@/games/manifests";
import { sendBody, sendText } from "../static/send";
import { isLanguageTag } from "@/i18n/languages";

/**
 * GET /demo (only with demo endpoints on): a sample host site — a small coffee shop — embedding
 * the loader for the built-in demo project, so a new user can play seconds after `npm start`. The
 * panel opens on load only where it leaves the page's content in view (from 1100 px, with the
 * content kept clear of it); on narrower screens the launcher and "Play now" open it.
 * `?game=memory_v1|parcel_pilot_v1|match3_v1` switches the demo project's game; `?lang=de` (any
 * BCP 47 tag) is passed to the loader as `data-lang`, so the games speak that language.
 */
export async function serveDemoPage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (!config().demoEndpoints) return sendText(res, 404, "Not found");
  const game = demoGame(url.searchParams.get("game"));
  const projectId = await ensureDemoProject(game);
  const wanted = url.searchParams.get("lang") ?? "";
  const lang = isLanguageTag(wanted) ? ` data-lang="${wanted}"` : "";
  const tabs = DEMO_GAMES.map((g) => `<a href="/demo?game=${g}"${g === game ? ' aria-current="page"' : ""}>${findGameManifest(g)?.name}</a>`).join("");
  const products = [
    ["Aurora blend", "Chocolate, cherry, hazelnut", "€12.50"],
    ["Night owl espresso", "Dark caramel, cocoa", "€11.00"],
    ["Sunrise filter", "Citrus, jasmine, honey", "€13.90"],
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Aurora Coffee — Playloop demo</title><link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fdf8f3}
header{display:flex;justify-content:space-between;align-items:center;padding:18px 24px;background:#2b1d14;color:#fdf8f3}
header b{font-size:20px;letter-spacing:.3px}header small{opacity:.75}
.hero{padding:48px 24px;max-width:960px;margin:0 auto}.hero h1{font-size:clamp(28px,5vw,44px);margin:0 0 8px}
.hero p{font-size:18px;color:#6b4f3a;margin:0 0 24px;max-width:560px}
.cta{display:inline-block;background:#c2410c;color:#fff;border:0;border-radius:999px;padding:12px 22px;font-size:16px;font-weight:600;cursor:pointer}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px;max-width:960px;margin:0 auto;padding:0 24px 64px}
.card{background:#fff;border-radius:16px;padding:20px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 8px 24px rgba(43,29,20,.06)}
.card h3{margin:0 0 4px}.card p{margin:0 0 12px;color:#6b7280}.price{font-weight:700;color:#c2410c}
.tabs{display:flex;gap:6px;flex-wrap:wrap}.tabs a{color:#fdf8f3;text-decoration:none;font-size:14px;padding:6px 12px;border-radius:999px;border:1px solid rgba(253,248,243,.3)}
.tabs a[aria-current]{background:#fdf8f3;color:#2b1d14;font-weight:600}
.note{max-width:960px;margin:0 auto 48px;padding:0 24px;color:#6b7280;font-size:14px}
@media (min-width:1100px){.hero,.grid,.note{margin-left:max(0px,calc(50vw - 700px));margin-right:440px}}
</style></head><body>
<header><b>Aurora Coffee</b><nav class="tabs" aria-label="Demo games">${tabs}</nav></header>
<section class="hero"><h1>Play a round, win a coffee break</h1>
<p>This page is a sample customer site. The game below is the Playloop widget: one script tag, an anonymous free-play session, no secret in the browser.</p>
<button class="cta" id="play-now" type="button">Play now</button></section>
<section class="grid">${products.map(([n, d, p]) => `<article class="card"><h3>${n}</h3><p>${d}</p><span class="price">${p}</span></article>`).join("")}</section>
<p class="note">Embed code: <code>&lt;script src="${config().publicBaseUrl}/v1/widget.js" data-project-id="${projectId}" async&gt;&lt;/script&gt;</code></p>
<script>window.Playloop={q:[]};if(matchMedia("(min-width: 1100px)").matches)Playloop.q.push(["open",false]);</script>
<script src="/v1/widget.js" data-project-id="${projectId}"${lang} async></script>
<script>document.getElementById("play-now").addEventListener("click",function(){window.Playloop&&window.Playloop.open()});</script>
</body></html>`;
  return sendBody(req, res, 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }, html);
}
