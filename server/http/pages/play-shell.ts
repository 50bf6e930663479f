import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { playLanguage, playManifest, playShellProject } from "@/server/domain/gameplay";
import { languageWishes } from "@/i18n/languages";
import { isMechanicId } from "@/games/registry";
import { renderPlayHtml } from "@/client/play-html";
import { sendBody, sendText } from "../static/send";
import { config } from "@/server/config/env";
import { asOrigin } from "@/client/shell/config";


/**
 * GET /v1/play?project_id=…&mode=play: the iframe shell. No token in the URL: the shell posts
 * `service:ready` and the embedding page answers `service:bootstrap` with the session token.
 * Public `mode=preview` is 403 (previews are an admin route). The CSP allows only our own
 * scripts and styles; frame-ancestors follows the project's allowed origins (any site for
 * free_play, which needs no customer secret).
 */
export async function servePlayShell(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const mode = url.searchParams.get("mode");
  const projectId = url.searchParams.get("project_id") ?? "";
  if (mode === "preview") return sendText(res, 403, "Preview is available to project owners only (admin widget preview)");
  if (mode !== "play") return sendText(res, 400, "mode must be play");
  const project = await playShellProject(projectId);
  if (!project) return sendText(res, 404, "Unknown project");
  // The page that embeds the shell (the loader passes its own origin). It must be one of the
  // project's sites (any site for free play without a list); the iframe is then pinned to it by
  // frame-ancestors, and the shell exchanges postMessages with that origin only.
  const embedParam = url.searchParams.get("embed_origin");
  const embedOrigin = embedParam === null ? null : asOrigin(embedParam);
  if (embedParam !== null && !embedOrigin) return sendText(res, 400, "embed_origin must be an http(s) origin");
  const openToAll = project.gameMode === "free_play" && project.allowedOrigins.length === 0;
  if (embedOrigin && !openToAll && embedOrigin !== config().publicOrigin && !project.allowedOrigins.includes(embedOrigin)) {
    return sendText(res, 403, "This site is not one of the project's allowed origins");
  }
  const manifest = playManifest();
  if (!manifest) return sendText(res, 503, "Player client is not built (run npm run build:play)");
  const nonce = randomBytes(12).toString("base64");
  const html = renderPlayHtml({
    assetBase: `/v1/game-assets/shell/${manifest.release}/`,
    config: { project_id: project.id, api_base: "", release: manifest.release, parent_origin: embedOrigin, free_play: project.gameMode === "free_play" },
    language: await playLanguage(project, wishesOf(req, url)),
    nonce,
    title: "Play",
  });
  const ancestors = embedOrigin ? (embedOrigin === config().publicOrigin ? "'self'" : embedOrigin) : openToAll ? "*" : ["'self'", ...project.allowedOrigins].join(" ");
  return sendBody(req, res, 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache, max-age=0, must-revalidate",
    // Scripts: only ours (the nonce also covers game chunks the shell adds). Styles may be set inline by the renderers.
    "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`,
    "Referrer-Policy": "no-referrer",
  }, html);
}

/** What a player's request wishes for: `lang` (the integrator's), `host_lang` (the host page's `lang`), then `Accept-Language`. */
function wishesOf(req: IncomingMessage, url: URL): string[] {
  const h = req.headers["accept-language"];
  return languageWishes(url.searchParams.get("lang"), url.searchParams.get("host_lang"), Array.isArray(h) ? h.join(",") : h);
}

/**
 * GET /v1/play/messages?project_id=…[&lang=…][&host_lang=…]: the catalogue the shell switches to
 * when the host page calls `Playloop.setLanguage()` — negotiated as the play page is, against the
 * project's languages. JSON `{ lang, dir, messages }` (compiled); the catalogue comes with the
 * release, so the answer may be cached for a while by the browser (Vary: Accept-Language).
 */
export async function servePlayMessages(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const project = await playShellProject(url.searchParams.get("project_id") ?? "");
  if (!project) return sendText(res, 404, "Unknown project");
  const { code, dir, messages } = await playLanguage(project, wishesOf(req, url));
  return sendBody(req, res, 200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, max-age=300", Vary: "Accept-Language" }, JSON.stringify({ lang: code, dir, messages }));
}

/** GET /v1/games/{game_id}/entry.js: never cached; points at the current release's immutable chunk. */
export async function serveGameEntry(req: IncomingMessage, res: ServerResponse, gameId: string): Promise<void> {
  const manifest = playManifest();
  if (!manifest) return sendText(res, 503, "Player client is not built");
  const chunk = manifest.shell.games[gameId];
  if (!chunk && !isMechanicId(gameId)) return sendText(res, 404, "Unknown game");
  const src = chunk ? `/v1/game-assets/shell/${manifest.release}/${chunk}` : null;
  const js = src
    ? `(function(){var s=document.createElement("script");s.src=${JSON.stringify(src)};s.async=true;document.head.appendChild(s);})();\n`
    : `/* ${gameId} is bundled in shell ${manifest.release} */\n(window.PlayloopGames=window.PlayloopGames||{}).entry=${JSON.stringify({ game_id: gameId, release: manifest.release })};\n`;
  return sendBody(req, res, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store, max-age=0" }, js);
}
