import { randomUUID } from "node:crypto";
import type { TTx } from "@/server/db/tx";
import { deliverWebhookJob } from "@/server/jobs/definitions";
import { enqueue } from "@/server/jobs/queue";
import type { TRewardBody } from "./payload";

/**
 * Writes an outbox row and enqueues its first attempt, both on the caller's transaction: the
 * delivery exists exactly when the change that caused it commits. Without a target URL (neither
 * the campaign nor the project has one) the row is written as `dead` with the reason, so the admin
 * sees it and can retry after setting a URL.
 */
export async function scheduleDelivery(tx: TTx, opts: { projectId: string; claimId: string | null; targetUrl: string | null; body: TRewardBody; at: Date }): Promise<string> {
  const id = randomUUID();
  const status = opts.targetUrl ? "queued" : "dead";
  await tx.query(
    `INSERT INTO webhook_delivery (id, project_id, claim_id, kind, target_url, payload, idempotency_key, status, next_attempt_at, last_error, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $9, $9)`,
    [id, opts.projectId, opts.claimId, opts.body.event, opts.targetUrl, JSON.stringify(opts.body), opts.body.idempotency_key, status, opts.at, opts.targetUrl ? null : "no webhook_url configured"],
  );
  if (opts.targetUrl) await enqueue(tx, deliverWebhookJob, { delivery_id: id });
  return id;
}
