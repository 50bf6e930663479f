import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { deliverWebhookJob } from "@/server/jobs/definitions";
import { enqueue } from "@/server/jobs/queue";
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
  const started = now();
  const leased = await lease(deliveryId, started);
  if (!leased) return { outcome: "skipped" };
  const body = serializeBody(leased.payload);
  const signature = signatureHeader({
    t: nowSeconds(),
    version: leased.secret_version,
    body,
    secrets: signingSecrets({ projectId: leased.project_id, version: leased.secret_version, rotatedAt: leased.secret_rotated_at, dualSignatures: leased.dual_signatures }, started),
  });
  let status: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  const t0 = performance.now();
  try {
    const res = await safeRequest(leased.target_url, {
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Playloop-Webhooks/1",
        "X-Legacy-Idempotency-Key": leased.idempotency_key,
        "X-Service-Signature": signature,
        "X-Legacy-Signature": signature,
        "X-Service-Event": leased.kind,
        "X-Service-Delivery-Id": leased.id,
      },
      body,
      timeoutMs: config().webhookTimeoutMs,
    });
    status = res.status;
    excerpt = res.bodyExcerpt;
    if (status >= 300 && status < 400) error = "redirect not followed";
  } catch (e) {
    error = e instanceof OutboundError ? `${e.reason}: ${e.message}` : "attempt failed";
  }
  const durationMs = Math.round(performance.now() - t0);
  const ok = status !== null && status >= 200 && status < 300;
  const attempt = leased.attempts;
  const outcome = ok ? "delivered" : attempt >= MAX_ATTEMPTS ? "dead" : "retry";
  const at = now();
  await withTransaction(async (tx) => {
    await tx.query("UPDATE webhook_attempt SET duration_ms = $2, http_status = $3, error = $4, response_excerpt = $5 WHERE id = $1", [leased.attempt_id, durationMs, status, error, excerpt]);
    if (outcome === "retry") {
      const next = new Date(at.getTime() + RETRY_DELAYS_SECONDS[attempt - 1]! * 1000);
      await tx.query("UPDATE webhook_delivery SET status = 'queued', next_attempt_at = $2, lease_until = NULL, last_status = $3, last_error = $4, updated_at = $5 WHERE id = $1", [leased.id, next, status, error, at]);
      await enqueue(tx, deliverWebhookJob, { delivery_id: leased.id }, { startAfter: next });
    } else {
      await tx.query(
        "UPDATE webhook_delivery SET status = $2, lease_until = NULL, last_status = $3, last_error = $4, delivered_at = $5, updated_at = $6 WHERE id = $1",
        [leased.id, outcome, status, error, ok ? at : null, at],
      );
    }
  });
  return { outcome, status, error, attempt };
}

async function lease(deliveryId: string, at: Date): Promise<TLeased | null> {
  return withTransaction(async (tx) => {
    const { rows } = await tx.query<Omit<TLeased, "attempt_id">>(
      `UPDATE webhook_delivery d SET lease_until = $2, attempts = d.attempts + 1, updated_at = $3
         FROM project p
        WHERE d.id = $1 AND p.id = d.project_id AND d.status = 'queued' AND d.target_url IS NOT NULL AND d.next_attempt_at <= $3
          AND (d.lease_until IS NULL OR d.lease_until < $3)
        RETURNING d.id, d.project_id, d.target_url, d.payload, d.idempotency_key, d.kind, d.attempts,
                  p.webhook_secret_version AS secret_version, p.webhook_secret_rotated_at AS secret_rotated_at, p.webhook_dual_signatures AS dual_signatures`,
      [deliveryId, new Date(at.getTime() + leaseMs()), at],
    );
    const d = rows[0];
    if (!d) return null;
    const attemptId = randomUUID();
    // History numbers attempts across admin retries; the delivery's own count restarts on a retry.
    await tx.query(
      `INSERT INTO webhook_attempt (id, delivery_id, attempt, secret_version, started_at, duration_ms)
       VALUES ($1, $2, (SELECT count(*) + 1 FROM webhook_attempt WHERE delivery_id = $2), $3, $4, 0)`,
      [attemptId, d.id, d.secret_version, at],
    );
    return { ...d, attempt_id: attemptId };
  });
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
