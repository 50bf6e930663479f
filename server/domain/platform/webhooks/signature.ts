import { createHmac, timingSafeEqual } from "node:crypto";
import { nowSeconds as clockSeconds } from "@/server/lib/clock";
import { hmacHex } from "@/server/lib/crypto";

/**
 * Reward-webhook signatures, as the integration spec describes them:
 *
 *   X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256("<t>.<raw body>")>
 *
 * The HMAC key is the secret string the integrator copies from the console (UTF-8 bytes). During
 * a rotation the header carries a second `v1=` made with the previous version's secret, so a
 * receiver still configured with the old secret keeps verifying (any matching `v1` is enough).
 */

/**
 * The project's webhook secret of a version. Derived from APP_SECRET (its own HKDF purpose) rather
 * than stored, so a database dump reveals no secret and rotating is just incrementing the version.
 */
export function webhookSecret(projectId: string, version: number): string {
  if (!projectId) throw new Error("webhookSecret needs a project id");
  if (!Number.isInteger(version) || version < 1) throw new Error("webhook secret versions are positive integers");
  return `whsec_${hmacHex("webhook-secret", `${projectId}:v${version}`)}`;
}

export type TSignatureInput = {
  /** Unix seconds; the caller takes it from the one clock (nowSeconds) at each attempt. */
  t: number;
  version: number;
  body: string | Buffer;
  /** The current version's secret first; optionally the previous version's. */
  secrets: string[];
};

export function signatureHeader({ t, version, body, secrets }: TSignatureInput): string {
  if (!Number.isInteger(t) || t < 0) throw new Error("signature time must be whole unix seconds");
  if (!Number.isInteger(version) || version < 1) throw new Error("signature version must be a positive integer");
  if (secrets.length === 0) throw new Error("signatureHeader needs at least one secret");
  return [`t=${t}`, `v=${version}`, ...secrets.map((secret) => `v1=${signPayload(secret, t, body)}`)].join(",");
}

/** HMAC-SHA256 over `<t>.` followed by the body's exact bytes (never a re-serialisation); also the payment provider's `v1`. */
export function signPayload(secret: string, t: number, body: string | Buffer): string {
  return createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
}

export type TVerifyInput = {
  header: string | null | undefined;
  rawBody: Buffer | string;
  /** The secret of a version, or null when that version is unknown or no longer accepted. */
  secretFor: (version: number) => string | null;
  nowSeconds?: number;
  toleranceSeconds?: number;
};

type TVerifyReason = "malformed" | "stale" | "future" | "unknown_version" | "mismatch";
export type TVerifyResult = { ok: true; version: number; t: number } | { ok: false; reason: TVerifyReason };

type TParsedHeader = { t: number; version: number; signatures: string[] };

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Parses `t=..,v=..,v1=..[,v1=..]`. Unknown keys are ignored so a later scheme (v2=) can be added
 * next to v1 without breaking verifiers; a `v1` that is not 64 hex digits simply never matches.
 */
function parseHeader(header: string): TParsedHeader | null {
  let t: number | undefined;
  let version: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq <= 0) return null;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (key === "v") {
      if (version !== undefined || !/^[1-9]\d{0,8}$/.test(value)) return null;
      version = Number(value);
    } else if (key === "v1") {
      // As sent: a v1 in upper-case hex is not the lowercase hex the spec defines, and never matches.
      signatures.push(value);
    }
  }
  if (t === undefined || signatures.length === 0) return null;
  // The spec: an absent `v` means version 1 (headers from before rotation existed).
  return { t, version: version ?? 1, signatures };
}

export function verifySignatureHeader(input: TVerifyInput): TVerifyResult {
  const parsed = input.header ? parseHeader(input.header) : null;
  if (!parsed) return { ok: false, reason: "malformed" };
  const now = input.nowSeconds ?? clockSeconds();
  const tolerance = input.toleranceSeconds ?? 300;
  // Time first: a replayed or delayed header is refused without spending an HMAC on it.
  if (now - parsed.t > tolerance) return { ok: false, reason: "stale" };
  if (parsed.t - now > tolerance) return { ok: false, reason: "future" };
  const secret = input.secretFor(parsed.version);
  if (!secret) return { ok: false, reason: "unknown_version" };
  const expected = Buffer.from(signPayload(secret, parsed.t, input.rawBody), "utf8");
  let matched = false;
  // Every candidate is compared (no early exit) so timing says nothing about which one matched.
  for (const candidate of parsed.signatures) {
    if (!HEX_SHA256.test(candidate)) continue;
    if (timingSafeEqual(expected, Buffer.from(candidate, "utf8"))) matched = true;
  }
  return matched ? { ok: true, version: parsed.version, t: parsed.t } : { ok: false, reason: "mismatch" };
}
