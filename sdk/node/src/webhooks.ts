import { createHmac, timingSafeEqual } from "node:crypto";
import type { PlayloopWebhookEventName } from "./generated/constants.js";

/**
 * Webhook verification for both schemes Playloop signs with.
 *
 * The default scheme, on every delivery:
 *
 *   X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256("<t>." + raw body)>
 *
 * keyed by the UTF-8 bytes of the project's webhook secret (`whsec_…` as the console reveals it).
 * During a rotation with dual signatures the header carries one `v1=` per secret (current first):
 * any match against any secret the receiver holds is enough. An absent `v=` means version 1.
 *
 * The opt-in Standard Webhooks scheme (https://www.standardwebhooks.com), when the project turns it on:
 *
 *   webhook-id: <delivery id>   webhook-timestamp: <unix seconds>
 *   webhook-signature: v1,<base64 HMAC-SHA256("<id>.<timestamp>." + raw body)> [v1,<…> …]
 *
 * keyed by the same bytes (the Standard Webhooks key is `whsec_` + base64 of the secret's UTF-8
 * bytes: see standardWebhooksKey). verifyWebhook takes the ordinary secret(s) for both.
 */

/** The body of a webhook delivery. Receivers should ignore fields and `event` names they do not know. */
export interface PlayloopWebhookEvent {
  /** `reward.eligible`; with lifecycle events on also `reward.held`, `reward.released`, `reward.rejected`; `webhook.test` for tests. */
  event: PlayloopWebhookEventName | (string & {});
  /** Currently 2; absent on deliveries queued before versioning (treat as 1). */
  payload_version?: number;
  project_id: string;
  campaign_id: string;
  external_user_id: string;
  reward_type: string;
  reward_metadata: Record<string, unknown>;
  trigger: string;
  /** Grant at most once per key: deliveries repeat (retries, manual re-sends). */
  idempotency_key: string;
  timestamp: string;
  run_id?: string;
  mechanic?: string;
  level_number?: number;
  claim_id?: string;
  /** true on test deliveries (the console's test, the receiver check): grant nothing. */
  test?: boolean;
  [field: string]: unknown;
}

/** The receiver's webhook secret(s): one, several (during a rotation), or by version (`{ 1: "whsec_…", 2: "whsec_…" }`). */
export type WebhookSecrets = string | readonly string[] | Readonly<Record<string | number, string | null | undefined>>;

/** Request headers as Node (`req.headers`), Fetch (`Headers`) or a plain object give them; names are case-insensitive. */
export type WebhookHeaders =
  | Headers
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined | null>>;

/** The exact bytes received: a Buffer, Uint8Array, ArrayBuffer or the body as a string (never a re-serialised JSON). */
export type WebhookRawBody = Uint8Array | ArrayBuffer | string;

export type VerifyWebhookOptions = {
  /** Allowed difference between now and the signature's time, both ways (seconds; default 300). */
  toleranceSeconds?: number;
  /** The time to check against, in unix seconds or as a Date (default: now). */
  now?: number | Date;
  /** `auto` (default): X-Service-Signature when present, else the Standard Webhooks headers. */
  scheme?: "auto" | "playloop" | "standard";
};

export type WebhookVerificationReason = "malformed" | "stale" | "future" | "mismatch" | "no_secret";

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

export type VerifiedWebhookSignature = {
  scheme: "playloop" | "standard";
  /** The signature's time (unix seconds). */
  timestamp: number;
  /** The secret version the header names (`v=`; the default scheme only). */
  version: number | null;
  /** `webhook-id` (Standard Webhooks) or X-Service-Delivery-Id, when present: the same for every retry of a delivery. */
  delivery_id: string | null;
};

const DEFAULT_TOLERANCE = 300;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The Standard Webhooks form of a Playloop webhook secret, for the official `standardwebhooks` libraries: `whsec_` + base64(UTF-8 bytes of the secret). */
export function standardWebhooksKey(secret: string): string {
  if (typeof secret !== "string" || secret === "") throw new TypeError("standardWebhooksKey needs the project's webhook secret");
  return `whsec_${Buffer.from(secret, "utf8").toString("base64")}`;
}

/** A header's value by its lower-case name, from any of the header shapes; repeated values joined with ",". */
function headerOf(headers: WebhookHeaders | null | undefined, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as { get?: unknown }).get === "function") return (headers as { get(n: string): string | null }).get(name);
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined | null>>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    if (value == null) return null;
    return typeof value === "string" ? value : value.join(",");
  }
  return null;
}

function bytesOf(rawBody: WebhookRawBody): Buffer {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (rawBody instanceof ArrayBuffer) return Buffer.from(rawBody);
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  throw new TypeError("verifyWebhook needs the raw body (a Buffer, Uint8Array, ArrayBuffer or string of the exact bytes received), not a parsed object");
}

/** The secrets to try, the header's version first when they are given by version. */
function secretList(secrets: WebhookSecrets | null | undefined, version: number | null): string[] {
  let list: string[];
  if (typeof secrets === "string") list = [secrets];
  else if (Array.isArray(secrets)) list = [...(secrets as readonly string[])];
  else if (secrets && typeof secrets === "object") {
    const map = secrets as Readonly<Record<string, string | null | undefined>>;
    const preferred = version !== null ? map[String(version)] : undefined;
    list = [...(preferred ? [preferred] : []), ...Object.keys(map).filter((k) => k !== String(version)).map((k) => map[k])].filter((s): s is string => typeof s === "string");
  } else list = [];
  return [...new Set(list.filter((s) => typeof s === "string" && s !== ""))];
}

function nowSeconds(now: VerifyWebhookOptions["now"]): number {
  if (now instanceof Date) return Math.floor(now.getTime() / 1000);
  if (typeof now === "number") return Math.floor(now);
  return Math.floor(Date.now() / 1000);
}

function checkTime(t: number, opts: VerifyWebhookOptions): void {
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE;
  const now = nowSeconds(opts.now);
  if (now - t > tolerance) throw new WebhookVerificationError("stale", `The signature is ${now - t} s old (more than ${tolerance} s): a replay, or a clock far off`);
  if (t - now > tolerance) throw new WebhookVerificationError("future", `The signature is ${t - now} s in the future (more than ${tolerance} s): check the receiver's clock`);
}

/** Constant-time: every candidate is compared with every expected value, no early exit. */
function anyEqual(expected: Buffer[], candidates: Buffer[]): boolean {
  let matched = false;
  for (const e of expected) {
    for (const c of candidates) {
      if (c.length === e.length && timingSafeEqual(c, e)) matched = true;
    }
  }
  return matched;
}

type ParsedServiceHeader = { t: number; version: number; signatures: string[] };

function parseServiceSignature(value: string): ParsedServiceHeader {
  let t: number | undefined;
  let version: number | undefined;
  const signatures: string[] = [];
  for (const part of value.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq <= 0) throw new WebhookVerificationError("malformed", "X-Service-Signature is not a list of key=value parts");
    const key = item.slice(0, eq).trim();
    const v = item.slice(eq + 1).trim();
    if (key === "t") {
      if (t !== undefined || !/^\d{1,12}$/.test(v)) throw new WebhookVerificationError("malformed", "X-Service-Signature has no valid t= (unix seconds)");
      t = Number(v);
    } else if (key === "v") {
      if (version !== undefined || !/^[1-9]\d{0,8}$/.test(v)) throw new WebhookVerificationError("malformed", "X-Service-Signature has an invalid v= (secret version)");
      version = Number(v);
    } else if (key === "v1") {
      signatures.push(v);
    }
    // Other keys (a later v2=) are ignored, so new schemes can be added beside v1.
  }
  if (t === undefined) throw new WebhookVerificationError("malformed", "X-Service-Signature has no t=");
  if (signatures.length === 0) throw new WebhookVerificationError("malformed", "X-Service-Signature has no v1=");
  return { t, version: version ?? 1, signatures };
}

function verifyServiceScheme(value: string, body: Buffer, secrets: WebhookSecrets, opts: VerifyWebhookOptions, deliveryId: string | null): VerifiedWebhookSignature {
  const parsed = parseServiceSignature(value);
  checkTime(parsed.t, opts);
  const keys = secretList(secrets, parsed.version);
  const expected = keys.map((k) => Buffer.from(createHmac("sha256", k).update(`${parsed.t}.`).update(body).digest("hex"), "utf8"));
  // A v1 that is not 64 lowercase hex digits can never match; it is skipped, not fatal (a later one may match).
  const candidates = parsed.signatures.filter((s) => HEX_SHA256.test(s)).map((s) => Buffer.from(s, "utf8"));
  if (!anyEqual(expected, candidates)) throw new WebhookVerificationError("mismatch", "No v1= signature matches the body with the secret(s) held");
  return { scheme: "playloop", timestamp: parsed.t, version: parsed.version, delivery_id: deliveryId };
}

function verifyStandardScheme(id: string | null, ts: string | null, sig: string | null, body: Buffer, secrets: WebhookSecrets, opts: VerifyWebhookOptions): VerifiedWebhookSignature {
  if (!id || !ts || !sig) throw new WebhookVerificationError("malformed", "Standard Webhooks needs webhook-id, webhook-timestamp and webhook-signature");
  if (!/^\d{1,12}$/.test(ts.trim())) throw new WebhookVerificationError("malformed", "webhook-timestamp is not unix seconds");
  const t = Number(ts.trim());
  const candidates: Buffer[] = [];
  let entries = 0;
  for (const entry of sig.trim().split(/\s+/)) {
    const comma = entry.indexOf(",");
    if (comma <= 0) continue;
    entries += 1;
    if (entry.slice(0, comma) !== "v1") continue; // other versions (v1a: asymmetric) are not Playloop's
    const b64 = entry.slice(comma + 1);
    if (/^[A-Za-z0-9+/]{43}=$/.test(b64)) candidates.push(Buffer.from(b64, "base64"));
  }
  if (entries === 0) throw new WebhookVerificationError("malformed", "webhook-signature has no <version>,<signature> entry");
  checkTime(t, opts);
  const expected = secretList(secrets, null).map((k) => createHmac("sha256", k).update(`${id}.${t}.`).update(body).digest());
  if (!anyEqual(expected, candidates)) throw new WebhookVerificationError("mismatch", "No v1, signature matches the body with the secret(s) held");
  return { scheme: "standard", timestamp: t, version: null, delivery_id: id };
}

/**
 * Verifies a delivery's signature over the exact bytes received, without parsing the body.
 * Throws WebhookVerificationError (`reason`: malformed, stale, future, mismatch, no_secret).
 */
export function verifyWebhookSignature(rawBody: WebhookRawBody, headers: WebhookHeaders, secrets: WebhookSecrets, opts: VerifyWebhookOptions = {}): VerifiedWebhookSignature {
  const body = bytesOf(rawBody);
  if (secretList(secrets, null).length === 0) throw new WebhookVerificationError("no_secret", "No webhook secret to verify with");
  const scheme = opts.scheme ?? "auto";
  const service = headerOf(headers, "x-service-signature") ?? headerOf(headers, "x-legacy-signature");
  if (scheme === "playloop" || (scheme === "auto" && service !== null)) {
    if (!service) throw new WebhookVerificationError("malformed", "No X-Service-Signature header");
    return verifyServiceScheme(service, body, secrets, opts, headerOf(headers, "x-service-delivery-id"));
  }
  const id = headerOf(headers, "webhook-id");
  const ts = headerOf(headers, "webhook-timestamp");
  const sig = headerOf(headers, "webhook-signature");
  if (scheme === "auto" && id === null && ts === null && sig === null) {
    throw new WebhookVerificationError("malformed", "No signature: neither X-Service-Signature nor the Standard Webhooks headers");
  }
  return verifyStandardScheme(id, ts, sig, body, secrets, opts);
}

/**
 * Verifies a webhook delivery and returns its parsed JSON body.
 *
 *   const event = verifyWebhook(rawBody, req.headers, process.env.PLAYLOOP_WEBHOOK_SECRET!);
 *
 * `rawBody` is the exact bytes received (verify before parsing; a re-serialised JSON never
 * matches). `secrets` is the project's webhook secret, several during a rotation, or a map by
 * version. Both schemes are handled: X-Service-Signature (preferred when present) and, when only
 * they are present, the Standard Webhooks headers. Throws WebhookVerificationError otherwise.
 * Then de-duplicate on `event.idempotency_key`: a delivery may arrive more than once.
 */
export function verifyWebhook<T = PlayloopWebhookEvent>(rawBody: WebhookRawBody, headers: WebhookHeaders, secrets: WebhookSecrets, opts: VerifyWebhookOptions = {}): T {
  verifyWebhookSignature(rawBody, headers, secrets, opts);
  try {
    return JSON.parse(bytesOf(rawBody).toString("utf8")) as T;
  } catch {
    throw new WebhookVerificationError("malformed", "The signed body is not JSON");
  }
}
