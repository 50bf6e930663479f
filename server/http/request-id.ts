import { randomUUID } from "node:crypto";

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's X-Request-Id when it is safe to echo and log; otherwise makes a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && SAFE_ID.test(v) ? v : randomUUID();
}
