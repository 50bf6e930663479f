import type { IncomingMessage } from "node:http";
import { transportError } from "@/server/errors/wire-error";

/** Spec limit for every JSON body (run start and command included). */
export const MAX_BODY_BYTES = 2_097_152;

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before any byte is read; a chunked body is cut off as soon as it crosses the limit.
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

function tooLarge(limit: number) {
  return transportError("payload_too_large", `Request body exceeds ${limit} bytes`);
}

/** Parses a JSON body: 415 for a non-JSON Content-Type, 400 for malformed JSON. Empty → {}. */
export function parseJsonBody(contentType: string | undefined, raw: Buffer): unknown {
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json" && !(mediaType === "" && raw.length === 0)) {
    throw transportError("unsupported_media_type", "Content-Type must be application/json");
  }
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw transportError("bad_request", "Malformed JSON body");
  }
}
