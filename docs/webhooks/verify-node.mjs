// Playloop reward webhooks: a minimal receiver in plain Node (18+), no dependencies.
//
//   WEBHOOK_SECRET=whsec_... PORT=8080 node verify-node.mjs
//
// Every delivery is a POST with:
//   X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256>
//   X-Legacy-Signature:  the same value
//   X-Legacy-Idempotency-Key: the claim's idempotency key (also `idempotency_key` in the body)
// The signed string is `<t>.<raw body>`, keyed by your webhook secret. During a secret rotation
// the header carries one `v1=` per secret (current first), so accept if ANY of them matches.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const TOLERANCE_SECONDS = 300;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * True when `header` is a valid signature of `rawBody` (a Buffer or string holding the exact
 * bytes received: verify before parsing, never a re-serialised JSON) made with `secret`, at a
 * time within 300 seconds of `nowSeconds`.
 */
export function verify(rawBody, header, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (typeof header !== "string" || typeof secret !== "string" || secret === "") return false;
  let t = null;
  const signatures = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d+$/.test(value)) t = Number(value);
    if (key === "v1") signatures.push(value);
  }
  if (t === null || signatures.length === 0) return false;
  // A captured delivery replayed later (or a clock far off) is refused.
  if (Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;

  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest("hex"),
    "utf8",
  );
  let ok = false;
  for (const signature of signatures) {
    const candidate = Buffer.from(signature, "utf8");
    // timingSafeEqual needs equal lengths; the length of a hex HMAC is no secret.
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) ok = true;
  }
  return ok;
}

// Keys already processed. Use your database instead (a unique constraint on the key, written in
// the same transaction as the reward), so a retried delivery is never credited twice.
const processed = new Set();

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

export function createReceiver(secret, onReward = (event) => console.log("reward", event)) {
  return createServer(async (req, res) => {
    if (req.method !== "POST") return reply(res, 405, { error: "method_not_allowed" });
    let rawBody;
    try {
      rawBody = await readRawBody(req);
    } catch {
      return reply(res, 413, { error: "too_large" });
    }
    const header = req.headers["x-service-signature"] ?? req.headers["x-legacy-signature"];
    if (!verify(rawBody, header, secret)) return reply(res, 401, { error: "invalid_signature" });

    let event;
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return reply(res, 400, { error: "invalid_json" });
    }
    const key = event.idempotency_key ?? req.headers["x-legacy-idempotency-key"];
    if (typeof key !== "string" || key === "") return reply(res, 400, { error: "missing_idempotency_key" });
    // Answer 2xx for a duplicate too: otherwise the platform keeps retrying a delivery you already have.
    if (processed.has(key)) return reply(res, 200, { status: "duplicate" });
    // Claimed before the await, so a concurrent retry of the same key cannot slip in.
    processed.add(key);
    try {
      await onReward(event);
    } catch {
      processed.delete(key);
      return reply(res, 500, { error: "not_processed" });
    }
    return reply(res, 200, { status: "ok" });
  });
}

if (process.argv[1] && decodeURIComponent(new URL(import.meta.url).pathname) === process.argv[1]) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error("Set WEBHOOK_SECRET to the project's webhook secret (whsec_...)");
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  createReceiver(secret).listen(port, () => console.log(`listening on :${port}`));
}
