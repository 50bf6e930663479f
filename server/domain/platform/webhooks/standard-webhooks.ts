import { createHmac } from "node:crypto";

/**
 * Standard Webhooks (https://www.standardwebhooks.com), the opt-in second signature scheme. A
 * project with it on sends, beside the spec's X-Service-Signature:
 *
 *   webhook-id: <the delivery's id: stable across retries>
 *   webhook-timestamp: <unix seconds>
 *   webhook-signature: v1,<base64 HMAC-SHA256("<id>.<timestamp>.<raw body>")> [v1,<…> during rotation]
 *
 * The key is the project's ordinary webhook secret: the HMAC key bytes are the UTF-8 bytes of the
 * `whsec_<hex>` string, the same as the default scheme's. The maintained libraries take a key as
 * `whsec_` + base64 of those bytes, which is what standardWebhooksKey gives (and the console shows).
 */
export function standardWebhooksKey(secret: string): string {
  return `whsec_${Buffer.from(secret, "utf8").toString("base64")}`;
}

function standardSignature(secret: string, id: string, t: number, body: string | Buffer): string {
  return `v1,${createHmac("sha256", secret).update(`${id}.${t}.`).update(body).digest("base64")}`;
}

/** The three headers, one `v1,` per secret (the current one first), space-separated as the standard says. */
export function standardWebhookHeaders(opts: { id: string; t: number; body: string | Buffer; secrets: string[] }): Record<string, string> {
  if (opts.secrets.length === 0) throw new Error("standardWebhookHeaders needs at least one secret");
  return {
    "webhook-id": opts.id,
    "webhook-timestamp": String(opts.t),
    "webhook-signature": opts.secrets.map((s) => standardSignature(s, opts.id, opts.t, opts.body)).join(" "),
  };
}
