import { config } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { deliverWebhookJob } from "@/server/jobs/definitions";
import { enqueue } from "@/server/jobs/queue";
import { services } from "@/server/services/container";
import { now, nowSeconds } from "@/server/lib/clock";
import { OutboundError, safeRequest } from "@/server/lib/outbound";
import { serializeBody } from "./payload";
import { signingSecrets } from "./secrets";
import { signatureHeader } from "./signature";

/** One immediate attempt, then retries after 1 min, 5 min, 30 min, 2 h, 6 h and 24 h; then dead. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600, 86_400] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** A delivery is leased for the request timeout plus a margin: a worker that dies mid-attempt frees it then. */
export function leaseMs(): number {
  return config().webhookTimeoutMs + 5_000;
}

type TLeased = {
  id: string;
  project_id: string;
  target_url: string;
  payload: Record<string, unknown>;
  idempotency_key: string;
  kind: string;
  attempts: number;
  attempt_id: string;
  secret_version: number;
  secret_rotated_at: Date | null;
  dual_signatures: boolean;
};

export type TAttemptResult = { outcome: "skipped" } | { outcome: "delivered" | "retry" | "dead"; status: number | null; error: string | null; attempt: number };

/**
 * One delivery attempt. Leasing is a single statement (due, queued, lease free), so however many
 * jobs or workers race for a delivery only one attempts it; the attempt row is written with the
 * lease, so an attempt cut off by a crash stays visible. The body is signed now, with the
 * project's current secret version (a rotation re-signs queued deliveries at their next
 * attempt). A 2xx delivers; anything else (3xx included: redirects are never followed) or a
 * network failure schedules the next retry on the same transaction as the result, or makes the
 * delivery dead after the last one.
 */
export async function attemptDelivery(deliveryId: string): Promise<TAttemptResult> {
  return (await attemptDeliveries([deliveryId])).get(deliveryId) ?? { outcome: "skipped" };
}

/**
 * Attempts of many deliveries at once (the worker takes its jobs in batches): one statement
 * leases them all, the requests go out concurrently, one statement records every result (with
 * the retries' jobs, when there are any, in one transaction). The rules per delivery are exactly
 * those of `attemptDelivery`. At a few deliveries a second each wake-up finds one or two jobs, so
 * a delivery's round trips to the database are what it costs the worker and the database: the
 * lease and the result are one statement each (they were five round trips in two transactions).
 */
export async function attemptDeliveries(deliveryIds: string[]): Promise<Map<string, TAttemptResult>> {
  const started = now();
  const leased = await lease([...new Set(deliveryIds)], started);
  const results = new Map<string, TAttemptResult>();
  if (leased.length === 0) return results;
  const sent = await Promise.all(leased.map((d) => send(d, started)));
  const at = now();
  const rows = sent.map((r, i) => {
    const d = leased[i]!;
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const outcome = ok ? "delivered" : d.attempts >= MAX_ATTEMPTS ? "dead" : "retry";
    results.set(d.id, { outcome, status: r.status, error: r.error, attempt: d.attempts });
    const next = outcome === "retry" ? new Date(at.getTime() + RETRY_DELAYS_SECONDS[d.attempts - 1]! * 1000) : null;
    return { id: d.id, attempt_id: d.attempt_id, outcome, next, status: r.status, error: r.error, excerpt: r.excerpt, duration_ms: r.durationMs };
  });
  const record = (tx: TTx) =>
    tx.query(
      `WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, attempt_id uuid, outcome text, next timestamptz, status int, error text, excerpt text, duration_ms int)),
       a AS (UPDATE webhook_attempt w SET duration_ms = r.duration_ms, http_status = r.status, error = r.error, response_excerpt = r.excerpt
               FROM r WHERE w.id = ANY($3::uuid[]) AND w.id = r.attempt_id)
       UPDATE webhook_delivery d SET status = CASE WHEN r.outcome = 'retry' THEN 'queued' ELSE r.outcome END, next_attempt_at = COALESCE(r.next, d.next_attempt_at),
              lease_until = NULL, last_status = r.status, last_error = r.error, delivered_at = CASE WHEN r.outcome = 'delivered' THEN $2::timestamptz END, updated_at = $2
         FROM r WHERE d.id = r.id`,
      // The attempts by their keys ($3): joined on the recordset alone (estimated at 100 rows), the
      // planner hashed the whole attempt table while it was small — a scan per batch that grew with it.
      [JSON.stringify(rows), at, rows.map((r) => r.attempt_id)],
    );
  const retries = rows.filter((r) => r.next);
  if (retries.length === 0) {
    await record(pool()); // one statement: its own transaction
    return results;
  }
  await withTransaction(async (tx) => {
    await record(tx);
    await services().queue.sendMany(tx, deliverWebhookJob, retries.map((r) => ({ payload: { delivery_id: r.id }, startAfter: r.next! })));
  });
  return results;
}

async function send(d: TLeased, at: Date): Promise<{ status: number | null; error: string | null; excerpt: string | null; durationMs: number }> {
  const body = serializeBody(d.payload);
  const signature = signatureHeader({
    t: nowSeconds(),
    version: d.secret_version,
    body,
    secrets: signingSecrets({ projectId: d.project_id, version: d.secret_version, rotatedAt: d.secret_rotated_at, dualSignatures: d.dual_signatures }, at),
  });
  const t0 = performance.now();
  try {
    const res = await safeRequest(d.target_url, {
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Playloop-Webhooks/1",
        "X-Legacy-Idempotency-Key": d.idempotency_key,
        "X-Service-Signature": signature,
        "X-Legacy-Signature": signature,
        "X-Service-Event": d.kind,
        "X-Service-Delivery-Id": d.id,
      },
      body,
      timeoutMs: config().webhookTimeoutMs,
    });
    const redirect = res.status >= 300 && res.status < 400;
    return { status: res.status, error: redirect ? "redirect not followed" : null, excerpt: res.bodyExcerpt, durationMs: Math.round(performance.now() - t0) };
  } catch (e) {
    return { status: null, error: e instanceof OutboundError ? `${e.reason}: ${e.message}` : "attempt failed", excerpt: null, durationMs: Math.round(performance.now() - t0) };
  }
}

/**
 * Leases the due deliveries among `deliveryIds` and writes each one's attempt row, in one
 * statement (so one transaction: an attempt row exists exactly when its lease does).
 * History numbers attempts across admin retries; the delivery's own count restarts on a retry.
 */
async function lease(deliveryIds: string[], at: Date): Promise<TLeased[]> {
  const { rows } = await pool().query<TLeased>(
    `WITH leased AS (
       UPDATE webhook_delivery d SET lease_until = $2, attempts = d.attempts + 1, updated_at = $3
         FROM project p
        WHERE d.id = ANY($1) AND p.id = d.project_id AND d.status = 'queued' AND d.target_url IS NOT NULL AND d.next_attempt_at <= $3
          AND (d.lease_until IS NULL OR d.lease_until < $3)
        RETURNING d.id, d.project_id, d.target_url, d.payload, d.idempotency_key, d.kind, d.attempts,
                  p.webhook_secret_version AS secret_version, p.webhook_secret_rotated_at AS secret_rotated_at, p.webhook_dual_signatures AS dual_signatures),
     attempt AS (
       INSERT INTO webhook_attempt (id, delivery_id, attempt, secret_version, started_at, duration_ms)
       SELECT gen_random_uuid(), l.id, (SELECT count(*) + 1 FROM webhook_attempt WHERE delivery_id = l.id), l.secret_version, $3, 0 FROM leased l
       RETURNING id, delivery_id)
     SELECT l.*, a.id AS attempt_id FROM leased l JOIN attempt a ON a.delivery_id = l.id`,
    [deliveryIds, new Date(at.getTime() + leaseMs()), at],
  );
  return rows;
}

/**
 * Due deliveries that no job is working on (a job lost with a crashed worker, or a queue that was
 * down): re-enqueued, at most `limit` at a time. Several sweepers may run; the lease keeps each
 * attempt single.
 */
export async function sweepDeliveries(opts: { limit?: number; overdueMs?: number } = {}): Promise<number> {
  const at = now();
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM webhook_delivery WHERE status = 'queued' AND target_url IS NOT NULL AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until < $2)
      ORDER BY next_attempt_at LIMIT $3`,
    [new Date(at.getTime() - (opts.overdueMs ?? 15_000)), at, opts.limit ?? 500],
  );
  if (rows.length === 0) return 0;
  await withTransaction(async (tx) => {
    for (const r of rows) await enqueue(tx, deliverWebhookJob, { delivery_id: r.id });
  });
  return rows.length;
}
