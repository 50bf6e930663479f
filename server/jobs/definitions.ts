import { z } from "zod";
import { defineJob, defineLane } from "./define";

/** Every minute: proves the scheduler and a worker are alive, and refreshes this worker's row. */
export const heartbeatJob = defineJob({ name: "system.heartbeat", payload: z.object({}).passthrough(), cron: "* * * * *", intervalSeconds: 60 });

/** Every minute: closes runs past expiry as abandoned/expired, 500 per batch, emitting game.abandoned. */
export const expireRunsJob = defineJob({ name: "play.expire-runs", payload: z.object({}).passthrough(), cron: "* * * * *", intervalSeconds: 60 });

/** Every minute: held claims whose hold has passed are scored again and released or sent to review. */
export const releaseHeldClaimsJob = defineJob({ name: "rewards.release-held", payload: z.object({}).passthrough(), cron: "* * * * *", intervalSeconds: 60 });

/** Hourly: resolved fraud flags older than 90 days are deleted (unresolved ones never). */
export const fraudRetentionJob = defineJob({ name: "fraud.retention", payload: z.object({}).passthrough(), cron: "17 * * * *", intervalSeconds: 3600 });

/** Hourly: erasure markers (migration 0024) older than every session they could refuse are deleted, and queued claim notifications older than 90 days. */
export const playersRetentionJob = defineJob({ name: "players.retention", payload: z.object({}).passthrough(), cron: "23 * * * *", intervalSeconds: 3600 });

/** Daily: player_event's monthly partitions — the months ahead created, the months past EVENT_RETENTION_MONTHS dropped (migration 0035). */
export const eventPartitionsJob = defineJob({ name: "events.partitions", payload: z.object({}).passthrough(), cron: "37 2 * * *", intervalSeconds: 86_400 });

/**
 * After a GDPR erasure: deletes the player's hot keys (rate-limit counters) in Redis. Enqueued in
 * the erasure's transaction, a little in the future, so the synchronous attempt right after the
 * commit goes first (and deletes this job when it succeeds); while Redis is unreachable it retries
 * with backoff. The player id travels encrypted (key `erasure`), never in the clear.
 */
export const eraseHotStorageJob = defineJob({
  name: "players.erase-hot-storage",
  payload: z.object({ project_id: z.string().uuid(), subject_hash: z.string(), sealed_subject: z.string(), request_id: z.string().optional() }),
  sendOptions: { retryLimit: 50, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
});

/**
 * 00:10 UTC on the 1st: invoices for the month just ended (plan fee + overage), once per account
 * and month, then pending downgrades take effect. `period_of` (an instant in the period to close)
 * defaults to the previous month; re-running a period issues nothing twice.
 */
export const issueInvoicesJob = defineJob({
  name: "billing.issue-invoices",
  payload: z.object({ period_of: z.string().datetime().optional() }).passthrough(),
  cron: "10 0 1 * *",
  intervalSeconds: 31 * 24 * 3600,
  sendOptions: { retryLimit: 5, retryDelay: 300, expireInSeconds: 3600 },
});

/** Hourly: plans bought by invoices unpaid BILLING_GRACE_DAYS past their due date are taken back (server/domain/money/billing/dunning.ts). */
export const billingDunningJob = defineJob({ name: "billing.dunning", payload: z.object({}).passthrough(), cron: "41 * * * *", intervalSeconds: 3600 });

/** Every job there is: the worker handles each, and each gets its pg-boss queue at deploy. */
export const JOB_DEFINITIONS = [heartbeatJob, expireRunsJob, releaseHeldClaimsJob, fraudRetentionJob, playersRetentionJob, eventPartitionsJob, eraseHotStorageJob, issueInvoicesJob, billingDunningJob] as const;

/**
 * Webhook deliveries: one `webhook_delivery` row per delivery, written with the claim; the worker's
 * delivery lanes lease due rows (server/domain/platform/webhooks/deliver.ts), woken by the lane's
 * name after a commit and polled for retries. A retry is the same row due later.
 */
export const webhookDeliveryLane = defineLane({ name: "webhooks.deliver", table: "webhook_delivery" });
