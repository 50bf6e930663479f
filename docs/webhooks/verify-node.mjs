// Playloop reward webhooks: a minimal receiver in plain Node (18+), no dependencies.
//
//   WEBHOOK_SECRET=whsec_... PORT=8080 node verify-node.mjs
//   WEBHOOK_SECRET=whsec_new...,whsec_previous... (during a rotation: both, comma-separated)
//
// Every delivery is a POST with:
//   X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256>
//   X-Legacy-Signature:  the same value
//   X-Legacy-Idempotency-Key: the claim's idempotency key (also `idempotency_key` in the body)
// The signed string is `<t>.<raw body>`, keyed by your webhook secret. During a secret rotation
// the header carries one `v1=` per secret (current first), so accept if ANY of them matches ANY
// secret you hold. Test vectors every verifier must pass: vectors.json, next to this file.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * True when `header` (the X-Service-Signature value) signs `rawBody` (a Buffer or string holding the
 * exact bytes received: verify before parsing, never a re-serialised JSON) with one of `secrets`
 * (one secret, or a list: during a rotation hold the new and the previous one), at a time within
 * 300 seconds of `nowSeconds`, before or after.
 */
export function verify(rawBody, header, secrets, nowSeconds = Math.floor(Date.now() / 1000)) {
  const keys = (Array.isArray(secrets) ? secrets : [secrets]).filter((s) => typeof s === "string" && s !== "");
  if (typeof header !== "string" || keys.length === 0) return false;
  let t = null;
  const signatures = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d+$/.test(value)) t = Number(value);
    // Anything but 64 lowercase hex digits is not a signature: it never matches.
    if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (t === null || signatures.length === 0) return false;
  // A captured delivery replayed later (or a clock far off, either way) is refused.
  if (Math.abs(nowSeconds - t) > 300) return false;
  let ok = false;
  for (const secret of keys) {
    const expected = createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest();
    // Constant-time, and every pair is compared (no early exit).
    for (const signature of signatures) if (timingSafeEqual(signature, expected)) ok = true;
  }
  return ok;
}

// Keys already processed, with the grant id each was answered with. Use your database instead (a
// unique constraint on the key, written in the same transaction as the reward), so a retried
// delivery is never credited twice.
const processed = new Map();

function readRawBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function reply(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export function createReceiver(secrets, onReward = (event) => console.log("reward", event)) {
  return createServer(async (req, res) => {
    if (req.method !== "POST") return reply(res, 405, { error: "method_not_allowed" });
    let rawBody;
    try {
      rawBody = await readRawBody(req);
    } catch {
      return reply(res, 413, { error: "too_large" });
    }
    const header = req.headers["x-service-signature"] ?? req.headers["x-legacy-signature"];
    if (!verify(rawBody, header, secrets)) return reply(res, 401, { error: "invalid_signature" });

    let event;
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return reply(res, 400, { error: "invalid_json" });
    }
    // Everything from the signed body, never from the unsigned headers that repeat it.
    const key = event.idempotency_key;
    if (typeof key !== "string" || key === "") return reply(res, 400, { error: "missing_idempotency_key" });
    // Answer 2xx for a duplicate too, with the grant it got: otherwise the platform keeps retrying.
    if (processed.has(key)) return reply(res, 200, { grant_id: processed.get(key), duplicate: true });
    // Claimed before the await, so a concurrent retry of the same key cannot slip in.
    const grantId = `grant_${randomUUID()}`;
    processed.set(key, grantId);
    // Only a reward grants. A test (`"test": true`: the console's test, the receiver check) and the
    // lifecycle events (reward.held, reward.released, reward.rejected) are answered and grant nothing.
    if (event.event === "reward.eligible" && event.test !== true) {
      try {
        await onReward(event);
      } catch {
        processed.delete(key);
        return reply(res, 500, { error: "not_processed" });
      }
    }
    return reply(res, 200, { grant_id: grantId, duplicate: false });
  });
}

if (process.argv[1] && decodeURIComponent(new URL(import.meta.url).pathname) === process.argv[1]) {
  const secrets = (process.env.WEBHOOK_SECRET ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (secrets.length === 0) {
    console.error("Set WEBHOOK_SECRET to the project's webhook secret (whsec_...)");
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  createReceiver(secrets).listen(port, () => console.log(`listening on :${port}`));
}
