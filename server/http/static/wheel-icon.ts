import type { IncomingMessage, ServerResponse } from "node:http";
import { wheelIconSvg } from "@/server/domain/money";
import { sendBody, sendText } from "./send";

/**
 * GET /v1/game-assets/wheel/icons/{icon}: a built-in segment icon (`ticket` or `ticket.svg`).
 * Icons change only with a deploy, so an hour of caching is plenty; the CSP keeps an SVG opened
 * on its own from running anything.
 */
export async function serveWheelIcon(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
  const name = raw.endsWith(".svg") ? raw.slice(0, -4) : raw;
  const svg = /^[a-z_]{1,32}$/.test(name) ? wheelIconSvg(name) : null;
  if (!svg) return sendText(res, 404, "Not found");
  sendBody(req, res, 200, { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600", "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" }, svg);
}
