import { AppError } from "@/server/errors/app-error";
import { transportError } from "@/server/errors/wire-error";

export type TMultipartFile = { field: string; filename: string | null; contentType: string | null; data: Buffer };

const MAX_PARTS = 8;
const MAX_PART_HEADER_BYTES = 2048;

/** The boundary of a `multipart/form-data` Content-Type (RFC 7578/2046: 1-70 chars), or a 415. */
export function multipartBoundary(contentType: string | undefined): string {
  const [type, ...params] = (contentType ?? "").split(";");
  if (type!.trim().toLowerCase() !== "multipart/form-data") throw transportError("unsupported_media_type", "Content-Type must be multipart/form-data");
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    let value = param.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (/^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(value) && !value.endsWith(" ")) return value;
  }
  throw new AppError("validation_error", "multipart/form-data needs a valid boundary parameter", { details: { reason: "bad_multipart" } });
}

function bad(message: string): AppError {
  return new AppError("validation_error", message, { details: { reason: "bad_multipart" } });
}

/** `name` and `filename` from a Content-Disposition value (quoted or token values, no RFC 5987 forms). */
function disposition(value: string): { name: string; filename: string | null } {
  if (!/^\s*form-data\s*(;|$)/i.test(value)) throw bad("Each part needs Content-Disposition: form-data");
  const params = new Map<string, string>();
  for (const m of value.matchAll(/;\s*([A-Za-z0-9*_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!);
  }
  const name = params.get("name");
  if (!name) throw bad("A part has no field name");
  return { name, filename: params.get("filename") ?? null };
}

/**
 * Parses a complete `multipart/form-data` body (already read within its byte limit) into its parts.
 * Strict on purpose, because this body comes from the outside: at most 8 parts, part headers of
 * at most 2 KiB, every part named, the closing delimiter required, and nothing but CRLF framing.
 * The file bytes are returned as views of the body (no copy).
 */
export function parseMultipart(body: Buffer, boundary: string): TMultipartFile[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  // The body starts with the first delimiter (a preamble is allowed by RFC 2046 but no browser sends one).
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw bad("The multipart body has no boundary delimiter");
  pos += delimiter.length;
  const parts: TMultipartFile[] = [];
  for (;;) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // "--": the close delimiter
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw bad("Malformed multipart delimiter line");
    pos += 2;
    if (parts.length >= MAX_PARTS) throw bad(`At most ${MAX_PARTS} multipart parts`);
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0 || headerEnd - pos > MAX_PART_HEADER_BYTES) throw bad("Multipart part headers are missing or too long");
    const headers = new Map<string, string>();
    for (const line of body.subarray(pos, headerEnd).toString("latin1").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0) throw bad("Malformed multipart part header");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const { name, filename } = disposition(headers.get("content-disposition") ?? "");
    const dataStart = headerEnd + 4;
    const end = body.indexOf(next, dataStart);
    if (end < 0) throw bad("The multipart body is truncated (no closing boundary)");
    parts.push({ field: name, filename, contentType: headers.get("content-type") ?? null, data: body.subarray(dataStart, end) });
    pos = end + next.length;
  }
}
