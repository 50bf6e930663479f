import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { playManifest } from "@/server/domain/gameplay";
import { sendBody, sendText } from "../static/send";
import { jsonForScript } from "@/client/play-html";
import { compiledCatalogue } from "@/i18n/catalogue";

/**
 * GET /v1/play/replay: the board of the console's "Watch the run" — the play shell's styles and
 * the game renderers in a read-only page (client/shell/replay.ts). It holds no data and takes no
 * credential: the console, on the same origin, loads the replay from the admin API and hands it
 * to the page's script. Only the console's own origin may frame it. It speaks the console's
 * language (English): the renderers' words come from the same catalogue as the play shell's.
 */
export async function serveReplayPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const manifest = playManifest();
  if (!manifest?.shell.replay) return sendText(res, 503, "Player client is not built (run npm run build:play)");
  const base = `/v1/game-assets/shell/${manifest.release}/`;
  const nonce = randomBytes(12).toString("base64");
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Replay</title><link rel="stylesheet" href="${base}${manifest.shell.css}">` +
    `<script type="application/json" id="playloop-config">${jsonForScript({ lang: "en", dir: "ltr", messages: compiledCatalogue("en") })}</script></head>` +
    `<body><div id="playloop-root"></div><script src="${base}${manifest.shell.replay}" nonce="${nonce}"></script></body></html>`;
  return sendBody(req, res, 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache, max-age=0, must-revalidate",
    "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
    "Referrer-Policy": "no-referrer",
  }, html);
}
