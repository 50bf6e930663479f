import { readFile } from "node:fs/promises";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { playManifest, PLAY_BUILD_DIR } from "@/server/domain/gameplay";
import { NO_CACHE, pickEncoding, sendBody, sendText } from "./send";

/**
 * GET /v1/widget.js: the loader, revalidated on every load (ETag + If-None-Match → 304), served
 * precompressed (brotli, else gzip, as the build wrote them) to browsers that accept it — it is on
 * every page of the host site, so its bytes on the wire are the embed budget's first figure.
 */
export async function serveWidgetJs(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const manifest = playManifest();
  if (!manifest) return sendText(res, 503, "Player client is not built (run npm run build:play)");
  const encoding = pickEncoding(req.headers["accept-encoding"] as string | undefined);
  // one entity per encoding, each with its own validator
  const etag = `"${manifest.widget.etag}${encoding ? `-${encoding}` : ""}"`;
  const headers: Record<string, string> = { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": NO_CACHE, ETag: etag, Vary: "Accept-Encoding" };
  if (encoding) headers["Content-Encoding"] = encoding;
  const inm = String(req.headers["if-none-match"] ?? "");
  if (inm.split(",").map((t) => t.trim().replace(/^W\//, "")).includes(etag) || inm.trim() === "*") {
    res.statusCode = 304;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    return void res.end();
  }
  const file = path.join(PLAY_BUILD_DIR, manifest.widget.file);
  return sendBody(req, res, 200, headers, await readFile(encoding ? `${file}.${encoding === "br" ? "br" : "gz"}` : file));
}
