import type { IncomingMessage } from "node:http";
import { transportError } from "@/server/errors/wire-error";

/** Spec limit for every JSON body (run start and command included). */
export const MAX_BODY_BYTES = 2_097_152;

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before any byte is read; a chunked body is cut off as soon as it crosses the limit. Read with
 * the stream's own events: an async iterator over the request cost every request a readable
 * iterator, its end-of-stream watcher and a promise per chunk (~2 % of the web process on the
 * command path, where a body is one chunk).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0)); // already read: no 'end' will come
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (fn: () => void) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      fn();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle(() => reject(tooLarge(limit)));
        req.resume(); // drain the rest, so the 413 can still be answered
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle(() => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    const onError = (e: Error) => settle(() => reject(e));
    // the client went away before the body's end: nothing to answer
    const onClose = () => settle(() => reject(Object.assign(new Error("The request was aborted before its body ended"), { code: "ERR_STREAM_PREMATURE_CLOSE" })));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
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
