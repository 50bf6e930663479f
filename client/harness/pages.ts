// HTML of the harness's host pages: they play the role of a customer site
// embedding widget.js, inline (full viewport) or as the floating launcher.
import { isLanguageTag } from "@/i18n/languages";
import { harnessProject } from "./projects";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const RECORD_EVENTS =
  "<script>window.__events=[];" +
  'addEventListener("playloop:run_finished",function(e){window.__events.push({type:"run_finished",detail:e.detail})});' +
  'addEventListener("playloop:auth_required",function(){window.__events.push({type:"auth_required"})});</script>';

/**
 * Full-viewport inline embed: what tests screenshot as "the phone". `lang` becomes the loader's
 * data-lang (the integrator's wish), `hostLang` the page's own <html lang>.
 */
export function inlinePage(apiOrigin: string, mechanic: string, o: { lang?: string | null; hostLang?: string | null } = {}): string {
  const p = harnessProject(mechanic);
  const tag = (v: string | null | undefined) => (isLanguageTag(v) ? v : "");
  const dataLang = tag(o.lang) ? ` data-lang="${tag(o.lang)}"` : "";
  return (
    `<!doctype html><html lang="${tag(o.hostLang) || "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    "<title>Playloop harness</title><style>html,body{margin:0;height:100%}#game{position:fixed;inset:0}</style>" +
    `${RECORD_EVENTS}</head><body><div id="game"></div>` +
    `<script async src="${esc(apiOrigin)}/widget.js" data-project-id="${p.id}" data-container="#game"${dataLang}></script></body></html>`
  );
}

/** A pretend shop with the floating launcher; verified=true hands a token with Playloop.setSessionToken, queued before the loader has run. */
export function shopPage(apiOrigin: string, mechanic: string, verified: boolean, autostart: boolean): string {
  const p = harnessProject(mechanic);
  const attrs = `data-project-id="${p.id}"${verified ? ' data-auth="site"' : ""}${autostart ? ' data-autostart="open"' : ""}`;
  const products = ["Trail shoes", "Rain jacket", "Wool socks", "Day pack", "Water bottle", "Sun hat"]
    .map((n, i) => `<li><div class="img" style="background:hsl(${i * 55},60%,80%)"></div><b>${n}</b><span>$${19 + i * 7}.00</span></li>`)
    .join("");
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    "<title>Outdoor Shop</title><style>body{margin:0;font:16px system-ui,sans-serif;color:#222;background:#fafafa}" +
    "header{padding:18px 24px;background:#1f3b2d;color:#fff;font-weight:700;font-size:20px}main{padding:24px}" +
    "ul{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:16px}" +
    "li{background:#fff;border-radius:12px;padding:12px;box-shadow:0 1px 4px rgba(0,0,0,.08);display:flex;flex-direction:column;gap:6px}" +
    ".img{height:110px;border-radius:8px}</style>" +
    `${RECORD_EVENTS}</head><body><header>Outdoor Shop</header><main><h1>New arrivals</h1><ul>${products}</ul></main>` +
    // The page's own token call may come first: it queues, and the loader applies it when it runs.
    (verified ? '<script>window.Playloop = window.Playloop || { q: [] }; window.Playloop.q.push(["setSessionToken", "verified-harness-token"]);</script>' : "") +
    `<script src="${esc(apiOrigin)}/widget.js" ${attrs}></script>` +
    "</body></html>"
  );
}
