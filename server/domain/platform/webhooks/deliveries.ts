import type { WebhookAttempt, WebhookDelivery } from "@/server/db/generated/prisma/client";
import { db } from "@/server/db/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, isUuid, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { MAX_ATTEMPTS, wakeDeliveryWorkers } from "./deliver";

const DELIVERY_STATUSES = ["queued", "delivered", "dead"] as const;

function serializeAttempt(a: WebhookAttempt) {
  return {
    attempt: a.attempt,
    secret_version: a.secretVersion,
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    http_status: a.httpStatus,
    error: a.error ?? (a.httpStatus === null && a.durationMs === 0 ? "interrupted" : null),
    response_excerpt: a.responseExcerpt,
  };
}

/** A delivery as the admin API shows it, with its attempt history (newest last). */
function serializeDelivery(d: WebhookDelivery, attempts: WebhookAttempt[]) {
  return {
    delivery_id: d.id,
    kind: d.kind,
    claim_id: d.claimId,
    target_url: d.targetUrl,
    idempotency_key: d.idempotencyKey,
    status: d.status as (typeof DELIVERY_STATUSES)[number],
    attempts: d.attempts,
    max_attempts: MAX_ATTEMPTS,
    next_attempt_at: d.status === "queued" ? d.nextAttemptAt.toISOString() : null,
    last_status: d.lastStatus,
    last_error: d.lastError,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    payload: d.payload as Record<string, unknown>,
    attempt_history: attempts.map(serializeAttempt),
  };
}

/** Newest first, filtered by status, keyset-paginated by (created_at, id). */
export async function listDeliveries(opts: { accountId: string; projectId: string; status?: string; limit: number; cursor?: string }) {
  await findOwnedProject(opts);
  const before = opts.cursor ? decodeCursor(opts.cursor) : null;
  const rows = await db().webhookDelivery.findMany({
    where: {
      projectId: opts.projectId,
      ...(opts.status ? { status: opts.status } : {}),
      ...(before ? { OR: [{ createdAt: { lt: before.at } }, { createdAt: before.at, id: { lt: before.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit + 1,
  });
  const page = rows.slice(0, opts.limit);
  const attempts = page.length
    ? await db().webhookAttempt.findMany({ where: { deliveryId: { in: page.map((d) => d.id) } }, orderBy: { attempt: "asc" } })
    : [];
  const last = page[page.length - 1];
  return {
    deliveries: page.map((d) => serializeDelivery(d, attempts.filter((a) => a.deliveryId === d.id))),
    next_cursor: rows.length > opts.limit && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url") : null,
  };
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const at = new Date(iso ?? "");
  if (!id || !isUuid(id) || Number.isNaN(at.getTime())) throw new AppError("validation_error", "Invalid cursor");
  return { at, id };
}

/**
 * Admin retry: a delivery of this project goes back to `queued` with its attempt count and
 * backoff reset, to the current target (the campaign's URL, else the project's, which the admin
 * may have fixed meanwhile), due at once (the workers are woken when it commits); with neither set it is 409, even
 * if the delivery had a target before (a URL the admin removed is not used again). A delivery of
 * another project is 404. Retrying a delivered webhook sends it again: receivers are idempotent
 * on its key.
 */
export async function retryDelivery(opts: { accountId: string; projectId: string; deliveryId: string; requestId?: string }) {
  await findOwnedProject(opts);
  if (!isUuid(opts.deliveryId)) throw new AppError("not_found", "Delivery not found");
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query(
      `UPDATE webhook_delivery d SET status = 'queued', attempts = 0, next_attempt_at = $3, lease_until = NULL, last_error = NULL, updated_at = $3,
              target_url = COALESCE((SELECT c.webhook_url FROM reward_claim rc JOIN campaign c ON c.id = rc.campaign_id WHERE rc.id = d.claim_id),
                                    (SELECT p.webhook_url FROM project p WHERE p.id = d.project_id))
        WHERE d.id = $1 AND d.project_id = $2 RETURNING d.*`,
      [opts.deliveryId, opts.projectId, at],
    );
    if (!rows[0]) throw new AppError("not_found", "Delivery not found");
    const d = modelRow<WebhookDelivery>(rows[0]);
    if (!d.targetUrl) {
      throw new AppError("conflict", "Set a webhook_url on the project or the campaign first");
    }
    wakeDeliveryWorkers(tx);
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "webhook.delivery_retried", targetType: "webhook_delivery", targetId: d.id, requestId: opts.requestId });
    return { queued: true as const, delivery_id: d.id };
  });
}
