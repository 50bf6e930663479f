import type { IncomingMessage } from "node:http";
import { AppError } from "@/server/errors/app-error";
import { transportError } from "@/server/errors/wire-error";
import { findJsonString, jsonNestingExceeds, MAX_JSON_DEPTH } from "@/server/lib/json-walk";

/** Spec limit for every JSON body (run start and command included). */
const MAX_BODY_BYTES = 2_097_152;

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

/**
 * Parses a JSON body: 415 for a non-JSON Content-Type, 422 for nesting deeper than MAX_JSON_DEPTH
 * (before parsing), 400 for malformed JSON, 422 for text that no column can store (see
 * assertStorableText). Empty → {}.
 */
export function parseJsonBody(contentType: string | undefined, raw: Buffer): unknown {
  // The usual header is exactly `application/json`: taken as it is, without the split, trim and lower-casing (a runtime call) of the general case.
  const mediaType = contentType === "application/json" ? contentType : (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json" && !(mediaType === "" && raw.length === 0)) {
    throw transportError("unsupported_media_type", "Content-Type must be application/json");
  }
  if (raw.length === 0) return {};
  assertJsonNesting(raw);
  const text = raw.toString("utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw transportError("bad_request", "Malformed JSON body");
  }
  // Only a \u escape can put such a character into parsed JSON (a raw control character is
  // malformed JSON, and invalid UTF-8 decodes to U+FFFD), so nearly every body skips the walk.
  if (text.includes("\\u")) assertStorableText(value);
  return value;
}

// A lone half of a surrogate pair, matched by code unit.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const unstorable = (s: string) => s.includes("\u0000") || LONE_SURROGATE.test(s);

function refuseText(path: string[]): never {
  throw new AppError("validation_error", "Text must not contain U+0000 or an unpaired surrogate", {
    details: { issues: [{ path: path.join("."), message: "contains U+0000 or an unpaired surrogate" }] },
  });
}

/**
 * PostgreSQL stores neither U+0000 nor an unpaired surrogate in text or jsonb: a body carrying one
 * anywhere (a key or a value) is 422 `validation_error` naming where, before any work, instead of
 * failing inside a transaction as a 500.
 */
export function assertStorableText(value: unknown): void {
  const found = findJsonString(value, unstorable);
  if (found) refuseText(found.path);
}

/** A JSON text nested deeper than MAX_JSON_DEPTH: 422 before anything parses or walks it. */
export function assertJsonNesting(text: Uint8Array | string): void {
  if (!jsonNestingExceeds(text)) return;
  throw new AppError("validation_error", `JSON may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep`, {
    details: { issues: [{ path: "", message: `nested deeper than ${MAX_JSON_DEPTH} levels` }], max_depth: MAX_JSON_DEPTH },
  });
}
