import type { IncomingMessage, ServerResponse } from "node:http";
import { readProjectAsset } from "@/server/domain/platform";
import { IMMUTABLE, sendBody, sendText } from "../static/send";

/**
 * GET /v1/project-game-assets/{project_id}/{asset_id}: a project's runtime background. The id is
 * derived from the content, so the answer never changes: cached a year as immutable, with the
 * content hash as ETag (a revalidation with it answers 304).
 */
export async function serveProjectAsset(req: IncomingMessage, res: ServerResponse, projectId: string, assetId: string): Promise<void> {
  const asset = await readProjectAsset({ projectId, assetId });
  if (!asset) return sendText(res, 404, "Not found");
  const etag = `"${asset.sha256}"`;
  const headers = { "Content-Type": `image/${asset.format}`, "Cache-Control": IMMUTABLE, ETag: etag, "Content-Security-Policy": "default-src 'none'" };
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.end();
    return;
  }
  sendBody(req, res, 200, headers, asset.data);
}
