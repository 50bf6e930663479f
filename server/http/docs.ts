import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { ServerResponse } from "node:http";
import { openApiDocument } from "./openapi";

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Playloop API reference</title><link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>body{margin:0;background:#fafafa}.topbar{display:none}
.pl-bar{display:flex;align-items:center;gap:20px;padding:14px 24px;background:#fff;border-bottom:1px solid #e2e8f0;font:500 14px system-ui,sans-serif}
.pl-bar a{color:#475569;text-decoration:none}.pl-bar a:hover,.pl-bar a:focus-visible{color:#0f172a;text-decoration:underline}
.pl-bar .pl-home{font-weight:700;color:#0f172a;margin-right:auto}
.swagger-ui .info table{border-collapse:collapse;margin:8px 0}.swagger-ui .info th,.swagger-ui .info td{padding:4px 12px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}</style></head>
<body><nav class="pl-bar" aria-label="Playloop"><a class="pl-home" href="/">Playloop</a><a href="/projects">Back to the console</a><a href="/status">Service status</a></nav>
<div id="reference"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/docs/openapi.json", dom_id: "#reference", deepLinking: true,
  docExpansion: "list", defaultModelsExpandDepth: 0, tryItOutEnabled: false });`;

/** /docs (interactive reference, assets served locally: no CDN) and /docs/openapi.json. */
export async function handleDocs(pathname: string, res: ServerResponse): Promise<boolean> {
  if (pathname === "/docs" || pathname === "/docs/") {
    return send(res, 200, "text/html; charset=utf-8", PAGE, "no-cache");
  }
  if (pathname === "/docs/openapi.json") {
    return send(res, 200, "application/json; charset=utf-8", JSON.stringify(openApiDocument()), "no-cache");
  }
  if (pathname === "/docs/assets/init.js") return send(res, 200, "text/javascript; charset=utf-8", INIT, "no-cache");
  const asset = pathname.startsWith("/docs/assets/") ? pathname.slice("/docs/assets/".length) : null;
  if (asset && ASSETS[asset]) {
    return send(res, 200, ASSETS[asset], await readFile(path.join(SWAGGER_DIR, asset)), "public, max-age=86400");
  }
  return false;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, cache: string): true {
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", cache);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(body);
  return true;
}
