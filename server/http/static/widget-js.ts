import { readFile } from "node:fs/promises";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { playManifest, PLAY_BUILD_DIR } from "@/server/domain/gameplay";
import { NO_CACHE, sendBody, sendText } from "./send";

/** GET /v1/widget.js: the loader, revalidated on every load (ETag + If-None-Match → 304). */
export async function serveWidgetJs(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const manifest = playManifest();
  if (!manifest) return sendText(res, 503, "Player client is not built (run npm run build:play)");
  const etag = `"${manifest.widget.etag}"`;
  const headers = { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": NO_CACHE, ETag: etag };
  const inm = String(req.headers["if-none-match"] ?? "");
  if (inm.split(",").map((t) => t.trim().replace(/^W\//, "")).includes(etag) || inm.trim() === "*") {
    res.statusCode = 304;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    return void res.end();
  }
  return sendBody(req, res, 200, headers, await readFile(path.join(PLAY_BUILD_DIR, manifest.widget.file)));
}
