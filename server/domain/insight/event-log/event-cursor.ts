import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/server/errors/app-error";
import { derivedKey } from "@/server/lib/crypto";
import type { TEventFilters, TEventPosition } from "./event-filters";

/**
 * The event log's `next_cursor`: the last row's (created_at, id) plus an HMAC (key derived from
 * the app secret for this purpose only) over that position, the project and the filters. The
 * client cannot move the position (skip to rows it never paged to, or probe ids), and a cursor is
 * only valid for the project and filters it was issued for: another project's cursor, a cursor
 * replayed with other filters, or an edited one is `validation_error`. `limit` is not bound, so
 * a client can change its page size between pages.
 */
const VERSION = "v1";

function binding(projectId: string, f: TEventFilters): string {
  return JSON.stringify([projectId, f.eventType ?? null, f.externalUserId ?? null, f.since?.toISOString() ?? null, f.until?.toISOString() ?? null]);
}

function mac(body: string, projectId: string, f: TEventFilters): Buffer {
  return createHmac("sha256", derivedKey("event-cursor")).update(`${VERSION}\n${binding(projectId, f)}\n${body}`).digest().subarray(0, 16);
}

export function encodeEventCursor(projectId: string, f: TEventFilters, pos: TEventPosition): string {
  const body = Buffer.from(`${pos.at.toISOString()}|${pos.id}`).toString("base64url");
  return `${VERSION}.${body}.${mac(body, projectId, f).toString("base64url")}`;
}

export function decodeEventCursor(projectId: string, f: TEventFilters, cursor: string): TEventPosition {
  const invalid = () => new AppError("validation_error", "cursor is not a next_cursor issued for this project and these filters");
  const [version, body, sig, ...rest] = cursor.split(".");
  if (version !== VERSION || !body || !sig || rest.length) throw invalid();
  // Compared as the text it was issued as: base64url's last character carries unused bits, so a
  // decoded comparison would take an edited cursor whose edit only touched those bits.
  const given = Buffer.from(sig);
  const expected = Buffer.from(mac(body, projectId, f).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const [at, id] = Buffer.from(body, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (Number.isNaN(date.getTime()) || !/^\d{1,19}$/.test(id ?? "")) throw invalid();
  return { at: date, id: id! };
}
