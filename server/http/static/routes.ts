import type { IncomingMessage, ServerResponse } from "node:http";
import { serveDemoPage } from "./demo-page";
import { serveGameAsset } from "./game-assets";
import { serveGameEntry, servePlayShell } from "./play-shell";
import { serveTemplateBundle } from "./template-bundle";
import { serveWidgetJs } from "./widget-js";
import { serveWidgetPreview } from "./widget-preview";

const STATIC_PATH = /^\/(v1\/(widget\.js$|play$|admin\/widget-preview$|game-assets\/|games\/|templates\/)|demo\/?$)/;

/** Cheap test so JSON routes skip the static table entirely. */
export function isStaticPath(pathname: string): boolean {
  return STATIC_PATH.test(pathname);
}

/**
 * Non-JSON routes: the loader, the play shell, game entries, hashed assets, legacy bundles and
 * the demo page. They need exact bytes and headers (precompressed files, ETags, CSP), so they
 * are plain handlers over the same domain functions rather than tRPC procedures. Returns false
 * when the path is not one of them.
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const p = url.pathname;
  const get = req.method === "GET" || req.method === "HEAD";
  if (!get) return false;
  if (p === "/v1/widget.js") return void (await serveWidgetJs(req, res)), true;
  if (p === "/v1/play") return void (await servePlayShell(req, res, url)), true;
  if (p === "/v1/admin/widget-preview") return void (await serveWidgetPreview(req, res, url)), true;
  if (p === "/demo" || p === "/demo/") return void (await serveDemoPage(req, res, url)), true;
  if (p.startsWith("/v1/game-assets/")) return void (await serveGameAsset(req, res, p)), true;
  const entry = /^\/v1\/games\/([^/]+)\/entry\.js$/.exec(p);
  if (entry) return void (await serveGameEntry(req, res, entry[1]!)), true;
  const bundle = /^\/v1\/templates\/([^/]+)\/bundle\.js$/.exec(p);
  if (bundle) return void (await serveTemplateBundle(req, res, bundle[1]!)), true;
  return false;
}
