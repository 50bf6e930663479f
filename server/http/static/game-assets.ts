import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PLAY_BUILD_DIR } from "@/server/domain/gameplay";
import { acceptsEncoding, contentType, IMMUTABLE, pickEncoding, sendBody, sendText } from "./send";

/** Old builds ("version 1") ship as plain files and are gzip-compressed on the fly. */
const LEGACY_BUILD_DIR = path.resolve("client/legacy/1");
const VERSION = /^[A-Za-z0-9_-]{1,64}$/;
const RELEASE = /^r[0-9a-f]{12}$/;
const GAME_ID = /^[a-z0-9_]{1,64}$/;

/**
 * Resolves `file` inside `base`, or null when it would escape it (.., absolute, NUL, backslash) or
 * name a precompressed variant: the .br/.gz test runs on the decoded name, so `shell.js%2Ebr` is
 * refused as `shell.js.br` is.
 */
function safeJoin(base: string, file: string): string | null {
  if (!file || file.includes("\0") || file.includes("\\") || file.startsWith("/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  // Dotfiles (build markers such as .complete) and dot segments are never served.
  if (decoded.split("/").some((seg) => seg.startsWith("."))) return null;
  if (/\.(br|gz)$/i.test(decoded)) return null;
  const full = path.resolve(base, decoded);
  return full.startsWith(base + path.sep) ? full : null;
}

/**
 * GET /v1/game-assets/{game_id}/{version}/{file} (`rest` is the raw path after /v1/game-assets/): immutable for a year. Shell releases
 * (`shell/r<12 hex>/…`) are served precompressed by Accept-Encoding with Vary; asking for the
 * .br/.gz file itself is 404. Version `1` serves the old build, gzip-compressed on the fly.
 */
export async function serveGameAsset(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
  const [gameId, version, ...fileParts] = rest.split("/");
  const file = fileParts.join("/");
  if (!gameId || !version || !file || !GAME_ID.test(gameId) || !VERSION.test(version)) return sendText(res, 404, "Not found");

  if (gameId === "shell") {
    if (!RELEASE.test(version)) return sendText(res, 404, "Not found");
    const base = path.join(PLAY_BUILD_DIR, "shell", version);
    const full = safeJoin(base, file);
    if (!full || !existsSync(full) || !(await stat(full)).isFile()) return sendText(res, 404, "Not found");
    const encoding = pickEncoding(req.headers["accept-encoding"] as string | undefined);
    const variant = encoding === "br" ? `${full}.br` : encoding === "gzip" ? `${full}.gz` : full;
    const chosen = existsSync(variant) ? variant : full;
    const body = await readFile(chosen);
    return sendBody(req, res, 200, {
      "Content-Type": contentType(full),
      "Cache-Control": IMMUTABLE,
      Vary: "Accept-Encoding",
      ...(chosen !== full ? { "Content-Encoding": encoding! } : {}),
    }, body);
  }

  if (version !== "1") return sendText(res, 404, "Not found");
  const target = safeJoin(LEGACY_BUILD_DIR, file);
  if (!target || !existsSync(target) || !(await stat(target)).isFile()) return sendText(res, 404, "Not found");
  const raw = await readFile(target);
  const gzip = acceptsEncoding(req.headers["accept-encoding"] as string | undefined, "gzip");
  return sendBody(req, res, 200, {
    "Content-Type": contentType(target),
    "Cache-Control": IMMUTABLE,
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  }, gzip ? gzipSync(raw) : raw);
}
