import { logger } from "@/server/logging/logger";
import { config } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { afterCommit, withTransaction, type TTx } from "@/server/db/tx";
import { webhookDeliveryLane } from "@/server/jobs/definitions";
import { wakeWorkers } from "@/server/jobs/wake";
import { now, nowSeconds } from "@/server/lib/clock";
import { OutboundError } from "@/server/lib/outbound";
import { deliveryHeaders } from "./delivery-headers";
import { serializeBody } from "./payload";
import { signingSecrets } from "./secrets";
import { sendWebhook } from "./transport";
import { webhookAttempts } from "@/server/metrics/prometheus";

/** One immediate attempt, then retries after 1 min, 5 min, 30 min, 2 h, 6 h and 24 h; then dead. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600, 86_400] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * The outbox row is the delivery's job: a `queued` row whose `next_attempt_at` has come is due,
 * whoever wrote it (a claim's transaction, a retry, an admin, a held claim's release) and
 * whenever (a worker that was down finds it when it is back). The workers lease due rows
 * themselves (deliverDue), so writing a delivery costs its transaction one row and nothing else,
 * and a retry is the same row with a later `next_attempt_at`. The lane is declared with the jobs
 * (server/jobs/definitions.ts, webhookDeliveryLane); its name wakes the workers once a transaction
 * that wrote a due delivery has committed (wakeDeliveryWorkers).
 */

/** Due deliveries one lease takes at most (their requests go out together). */
export const DUE_BATCH = 50;

/**
 * Wakes the delivery workers once the active transaction commits (never if it rolls back), for a
 * due delivery it wrote: they fetch within WEBHOOK_WAKE_GATHER_MS instead of at their next poll.
 */
export function wakeDeliveryWorkers(tx: TTx): void {
  afterCommit(tx, () => wakeWorkers(webhookDeliveryLane.name));
}

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
  /** This lease's end as written: with `attempts`, what tells the row is still this attempt's. */
  lease_until: Date;
  /** The payload as leased (md5 of its text): an erasure rewrites it, and then the receiver's answer is not kept. */
  payload_md5: string;
  attempt_id: string;
  secret_version: number;
  secret_rotated_at: Date | null;
  dual_signatures: boolean;
  standard_headers: boolean;
  /** The request that caused the delivery (migration 0036), or null. */
  request_id: string | null;
};

/**
 * `superseded`: the request went out and its answer is in the attempt's history, but the delivery
 * was no longer this attempt's when the answer came (an admin retried it meanwhile, or the lease
 * ran out and another worker took it), so the delivery's state is left to the attempt that has it.
 */
export type TAttemptResult = { outcome: "skipped" } | { outcome: "delivered" | "retry" | "dead" | "superseded"; status: number | null; error: string | null; attempt: number };

/**
 * One delivery attempt. Leasing is a single statement (due, queued, lease free), so however many
 * workers race for a delivery only one attempts it; the attempt row is written with the
 * lease, so an attempt cut off by a crash stays visible. The body is signed now, with the
 * project's current secret version (a rotation re-signs queued deliveries at their next
 * attempt). A 2xx delivers; anything else (3xx included: redirects are never followed) or a
 * network failure queues the row again for its next retry's time with the result, or makes the
 * delivery dead after the last one.
 */
export async function attemptDelivery(deliveryId: string): Promise<TAttemptResult> {
  const started = now();
  const results = await attempt(await lease({ ids: [deliveryId] }, started), started);
  return results.get(deliveryId) ?? { outcome: "skipped" };
}

/**
 * What a worker does when woken or at its poll: leases up to `limit` due deliveries of any
 * project, oldest due first (rows another worker is leasing right now are skipped, not waited
 * for), attempts them together, records the results. Answers how many it leased: a full batch
 * means more may be due.
 */
export async function deliverDue(limit = DUE_BATCH): Promise<number> {
  const started = now();
  const leased = await lease({ due: limit }, started);
  await attempt(leased, started);
  return leased.length;
}

/**
 * One statement records a batch's results ($1: the rows, $2: now, $3: the attempts' ids). The
 * attempts by their keys ($3): joined on the recordset alone (estimated at 100 rows), the planner
 * hashed the whole attempt table while it was small — a scan per batch that grew with it.
 */
const RESULT_SQL = `WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, attempts int, lease_until timestamptz, attempt_id uuid, outcome text, next timestamptz, status int, error text, excerpt text, duration_ms int)),
     a AS (UPDATE webhook_attempt w SET duration_ms = r.duration_ms, http_status = r.status, error = r.error, response_excerpt = r.excerpt
             FROM r WHERE w.id = ANY($3::uuid[]) AND w.id = r.attempt_id)
     UPDATE webhook_delivery d SET status = CASE WHEN r.outcome = 'retry' THEN 'queued' ELSE r.outcome END, next_attempt_at = COALESCE(r.next, d.next_attempt_at),
            lease_until = NULL, last_status = r.status, last_error = r.error, delivered_at = CASE WHEN r.outcome = 'delivered' THEN $2::timestamptz END, updated_at = $2
       FROM r WHERE d.id = r.id AND d.attempts = r.attempts AND d.lease_until = r.lease_until
     RETURNING d.id`;

/**
 * The attempts of leased deliveries: the requests go out concurrently, and one statement records
 * every result — delivered, dead, or queued again with its next retry's time (which is all a retry
 * is). A delivery's round trips to the database are what it costs the worker and the database:
 * the lease and the result are one statement each. A result changes its delivery only while the
 * row is still this attempt's (same attempt count, same lease end): an admin's retry during the
 * request, or another worker's attempt after the lease ran out, made the row another attempt's,
 * and a late answer must not overwrite what that one decides (a stale "dead" would have undone the
 * retry). Every answer is kept in the attempt's history all the same — except the receiver's words
 * when the player was erased while the request was out: the erasure rewrote the payload (and
 * anonymised the excerpts it found, which this one was not yet), so an excerpt, which may echo the
 * player's id, is kept only while the payload is still the one sent, and a message this attempt
 * left in the project's own test inbox is deleted then. The deliveries are locked
 * first (in id order, as the erasure locks them): an erasure under way is waited for and its
 * rewrite seen; one that comes after waits for this statement and finds the excerpt.
 */
async function attempt(leased: TLeased[], started: Date): Promise<Map<string, TAttemptResult>> {
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
    return { id: d.id, attempts: d.attempts, lease_until: d.lease_until, attempt_id: d.attempt_id, outcome, next, status: r.status, error: r.error, excerpt: r.excerpt, duration_ms: r.durationMs };
  });
  const recorded = await withTransaction(async (tx) => {
    // the deliveries locked first, in id order as the erasure locks them (anonymise-records.ts)
    const locked = await tx.query<{ id: string; pm: string }>("SELECT id, md5(payload::text) AS pm FROM webhook_delivery WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE", [rows.map((r) => r.id)]);
    const sentPayload = new Map(leased.map((d) => [d.id, d.payload_md5]));
    const unchanged = new Set(locked.rows.filter((l) => sentPayload.get(l.id) === l.pm).map((l) => l.id));
    const kept = rows.map((r) => (unchanged.has(r.id) ? r : { ...r, excerpt: null }));
    const rewritten = leased.filter((d) => !unchanged.has(d.id));
    // A request handed to the project's own test inbox in process left a message there with the
    // body as sent; one the erasure's scan came too early to see is deleted with the excerpt.
    if (rewritten.length > 0)
      await tx.query(
        `DELETE FROM webhook_inbox_message m USING jsonb_to_recordset($1::jsonb) AS x(id text, project_id uuid)
          WHERE m.project_id = x.project_id AND m.headers->>'x-service-delivery-id' = x.id AND m.received_at >= $2`,
        [JSON.stringify(rewritten.map((d) => ({ id: d.id, project_id: d.project_id }))), started],
      );
    return (await tx.query<{ id: string }>(RESULT_SQL, [JSON.stringify(kept), at, rows.map((r) => r.attempt_id)])).rows;
  });
  const current = new Set(recorded.map((r) => r.id));
  for (const [id, r] of results) if (!current.has(id) && r.outcome !== "skipped") results.set(id, { ...r, outcome: "superseded" });
  for (const r of results.values()) if (r.outcome !== "skipped") webhookAttempts.inc({ outcome: r.outcome, attempt: String(r.attempt) });
  logAttempts(leased, results);
  return results;
}

/**
 * One log line per attempt, naming the request that caused the delivery (`request_id`, as in the
 * web process's access log), so an operator follows a win from the request to the integrator's
 * answer. Never the target URL or the body: they may carry the integrator's secrets or a player's data.
 */
function logAttempts(leased: TLeased[], results: Map<string, TAttemptResult>): void {
  const log = logger();
  for (const d of leased) {
    const r = results.get(d.id);
    if (!r || r.outcome === "skipped") continue;
    const line = { delivery_id: d.id, project_id: d.project_id, kind: d.kind, attempt: r.attempt, outcome: r.outcome, status: r.status, request_id: d.request_id };
    if (r.outcome === "retry" || r.outcome === "dead") log.warn({ ...line, error: r.error }, "webhook attempt failed");
    else log.info(line, "webhook attempt");
  }
}

async function send(d: TLeased, at: Date): Promise<{ status: number | null; error: string | null; excerpt: string | null; durationMs: number }> {
  const body = serializeBody(d.payload);
  const headers = deliveryHeaders({
    deliveryId: d.id,
    kind: d.kind,
    idempotencyKey: d.idempotency_key,
    body,
    t: nowSeconds(),
    version: d.secret_version,
    secrets: signingSecrets({ projectId: d.project_id, version: d.secret_version, rotatedAt: d.secret_rotated_at, dualSignatures: d.dual_signatures }, at),
    standard: d.standard_headers,
  });
  const t0 = performance.now();
  try {
    const res = await sendWebhook(d.project_id, d.target_url, {
      headers,
      body,
      timeoutMs: config().webhookTimeoutMs,
    });
    const redirect = res.status >= 300 && res.status < 400;
    return { status: res.status, error: redirect ? "redirect not followed" : null, excerpt: res.bodyExcerpt, durationMs: Math.round(performance.now() - t0) };
  } catch (e) {
    return { status: null, error: e instanceof OutboundError ? `${e.reason}: ${e.message}` : `attempt failed${(e as { code?: unknown })?.code ? ` (${String((e as { code?: unknown }).code)})` : ""}`, excerpt: null, durationMs: Math.round(performance.now() - t0) };
  }
}

/**
 * Leases due deliveries — those among `ids`, or the `due` oldest due ones — and writes each one's
 * attempt row, in one statement (so one transaction: an attempt row exists exactly when its lease
 * does). A delivery is due when it is queued, has a target, its time has come and no lease on it
 * is running; `due` skips the rows another worker is leasing in the same instant (SKIP LOCKED), so
 * workers side by side take different deliveries and never wait on each other.
 * History numbers attempts across admin retries; the delivery's own count restarts on a retry.
 */
async function lease(which: { ids: string[] } | { due: number }, at: Date): Promise<TLeased[]> {
  const due = `d.status = 'queued' AND d.target_url IS NOT NULL AND d.next_attempt_at <= $3 AND (d.lease_until IS NULL OR d.lease_until < $3)`;
  const chosen =
    "ids" in which
      ? `d.id = ANY($1::uuid[])`
      : // the partial index webhook_delivery_due (next_attempt_at, queued rows only) finds them
        `d.id = ANY(ARRAY(SELECT d.id FROM webhook_delivery d WHERE ${due} ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED))`;
  const { rows } = await pool().query<TLeased>(
    `WITH leased AS (
       UPDATE webhook_delivery d SET lease_until = $2, attempts = d.attempts + 1, updated_at = $3
         FROM project p
        WHERE ${chosen} AND p.id = d.project_id AND ${due}
        RETURNING d.id, d.project_id, d.target_url, d.payload, md5(d.payload::text) AS payload_md5, d.idempotency_key, d.kind, d.attempts, d.lease_until, d.request_id,
                  p.webhook_secret_version AS secret_version, p.webhook_secret_rotated_at AS secret_rotated_at, p.webhook_dual_signatures AS dual_signatures,
                  p.webhook_standard_headers AS standard_headers),
     attempt AS (
       INSERT INTO webhook_attempt (id, delivery_id, attempt, secret_version, started_at, duration_ms)
       SELECT gen_random_uuid(), l.id, (SELECT count(*) + 1 FROM webhook_attempt WHERE delivery_id = l.id), l.secret_version, $3, 0 FROM leased l
       RETURNING id, delivery_id)
     SELECT l.*, a.id AS attempt_id FROM leased l JOIN attempt a ON a.delivery_id = l.id`,
    ["ids" in which ? which.ids : which.due, new Date(at.getTime() + leaseMs()), at],
  );
  return rows;
}
