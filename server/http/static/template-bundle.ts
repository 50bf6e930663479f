import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NO_CACHE, sendBody, sendText } from "./send";

const TEMPLATES_DIR = path.resolve("public/templates");
const TEMPLATE_ID = /^[a-z0-9_]{1,64}$/;

/** GET /v1/templates/{template_id}/bundle.js: the legacy runtime bundle of a template (revalidated by ETag). */
export async function serveTemplateBundle(req: IncomingMessage, res: ServerResponse, templateId: string): Promise<void> {
  if (!TEMPLATE_ID.test(templateId)) return sendText(res, 404, "Unknown template");
  const file = path.join(TEMPLATES_DIR, templateId, "bundle.js");
  if (!existsSync(file)) return sendText(res, 404, "Unknown template");
  const body = await readFile(file);
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", NO_CACHE);
    return void res.end();
  }
  return sendBody(req, res, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": NO_CACHE, ETag: etag }, body);
}
