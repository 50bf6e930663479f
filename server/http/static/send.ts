import type { IncomingMessage, ServerResponse } from "node:http";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache, max-age=0, must-revalidate";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".woff2": "font/woff2",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

export function contentType(file: string): string {
  const dot = file.lastIndexOf(".");
  return TYPES[dot >= 0 ? file.slice(dot).toLowerCase() : ""] ?? "application/octet-stream";
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

export function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | number>, body: Buffer | string): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Whether an Accept-Encoding header accepts `encoding` (by name or `*`, with a q-value above 0). */
export function acceptsEncoding(header: string | undefined, encoding: "br" | "gzip"): boolean {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  return (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0;
}

/** Accept-Encoding negotiation for precompressed files: br, then gzip, else identity. */
export function pickEncoding(header: string | undefined): "br" | "gzip" | null {
  if (acceptsEncoding(header, "br")) return "br";
  if (acceptsEncoding(header, "gzip")) return "gzip";
  return null;
}
