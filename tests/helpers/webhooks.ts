import { createHmac } from "node:crypto";
import { pool } from "@/server/db/client";
import { attemptDelivery, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "@/server/domain/platform/webhooks/deliver";
import { advanceClock } from "@/server/lib/clock";
import type { TAdmin, TCall } from "./api";
import type { TPlayer } from "./play";
import { claimsOf, createCampaign, deliveriesOf, rewardsProject, winLevel } from "./rewards";

/** One outbox row as stored. */
export async function deliveryRow(id: string) {
  return (await pool().query("SELECT * FROM webhook_delivery WHERE id = $1", [id])).rows[0];
}

/** A delivery's attempt history as stored, oldest first. */
export async function attemptsOf(deliveryId: string) {
  return (await pool().query("SELECT * FROM webhook_attempt WHERE delivery_id = $1 ORDER BY attempt", [deliveryId])).rows;
}

/**
 * A rewards project (optionally with a webhook URL and a fraud configuration), one `game_won`
 * campaign, and a player who wins level 1: the claim and its `reward.eligible` delivery (the last
 * one written for the project).
 */
export async function wonDelivery(call: TCall, admin: TAdmin, opts: { webhookUrl?: string; fraud?: Record<string, unknown>; campaign?: Record<string, unknown>; project?: { projectId: string; key: string }; player?: TPlayer } = {}) {
  const project = opts.project ?? (await rewardsProject(call, admin, { webhookUrl: opts.webhookUrl, fraud: opts.fraud }));
  if (!opts.project) await createCampaign(call, admin, project.projectId, opts.campaign);
  const win = await winLevel(call, project.projectId, project.key, { player: opts.player });
  const claim = (await claimsOf(project.projectId)).find((c) => c.run_id === win.runId)!;
  const delivery = (await deliveriesOf(project.projectId)).filter((d) => d.claim_id === claim.id).pop()!;
  return { ...project, ...win, claim, delivery };
}

/**
 * Attempts a queued delivery against a failing receiver until it is dead, moving the one clock by
 * each retry delay in turn (about 32 hours in all: admin sessions have expired afterwards).
 */
export async function driveToDead(deliveryId: string): Promise<void> {
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    if (n > 1) advanceClock(RETRY_DELAYS_SECONDS[n - 2]! * 1000);
    const r = await attemptDelivery(deliveryId);
    if (r.outcome !== (n < MAX_ATTEMPTS ? "retry" : "dead")) throw new Error(`attempt ${n}: ${JSON.stringify(r)}`);
  }
}

/** HMAC-SHA256 over `<t>.<body>`, as the spec defines a `v1=` signature. */
export function v1(secret: string, t: number, body: string | Buffer): string {
  return createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
}

/** The `v1=` values of a signature header, in order. */
export function v1sOf(header: string): string[] {
  return header.split(",").filter((p) => p.startsWith("v1=")).map((p) => p.slice(3));
}

export function tOf(header: string): number {
  return Number(/(?:^|,)t=(\d+)/.exec(header)![1]);
}
