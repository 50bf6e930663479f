import { pool } from "@/server/db/client";
import { modelRow } from "@/server/db/rows";
import type { FraudFlag, PlayerFraudStatus } from "@/server/db/generated/prisma/client";
import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, isUuid, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { describeFraudConfig, ruleConfigIssues, ZFraudConfig, type TFraudConfigInput } from "./config";
import type { TManualState } from "./gate";

export const FLAG_RESOLUTIONS = ["confirmed_fraud", "false_positive", "ignored"] as const;
export type TFlagResolution = (typeof FLAG_RESOLUTIONS)[number];
export const MANUAL_STATES = ["trusted", "watch", "blocked", "none"] as const;

export async function listFraudFlags(opts: { accountId: string; projectId: string; resolved?: boolean; externalUserId?: string; limit: number }) {
  await findOwnedProject(opts);
  const rows = (
    await pool().query(
      `SELECT * FROM fraud_flag WHERE project_id = $1
          AND ($2::boolean IS NULL OR (resolved_at IS NOT NULL) = $2) AND ($3::text IS NULL OR external_user_id = $3)
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [opts.projectId, opts.resolved ?? null, opts.externalUserId ?? null, opts.limit],
    )
  ).rows.map((r) => modelRow<FraudFlag>(r));
  return {
    flags: rows.map((f) => ({
      flag_id: f.id,
      external_user_id: f.externalUserId,
      kind: f.kind,
      details: f.details as Record<string, unknown>,
      created_at: f.createdAt.toISOString(),
      resolution: f.resolution,
      resolved_at: f.resolvedAt?.toISOString() ?? null,
    })),
  };
}

/** Sets (or changes) a flag's resolution; resolved flags are deleted 90 days after they were raised. */
export async function resolveFraudFlag(opts: { accountId: string; projectId: string; flagId: string; resolution: TFlagResolution; requestId?: string }) {
  await findOwnedProject(opts);
  if (!isUuid(opts.flagId)) throw new AppError("not_found", "Flag not found");
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query("UPDATE fraud_flag SET resolution = $3, resolved_at = $4, resolved_by = $5 WHERE id = $1 AND project_id = $2 RETURNING id", [
      opts.flagId, opts.projectId, opts.resolution, at, opts.accountId,
    ]);
    if (!rows[0]) throw new AppError("not_found", "Flag not found");
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "fraud.flag_resolved", targetType: "fraud_flag", targetId: opts.flagId, metadata: { resolution: opts.resolution }, requestId: opts.requestId });
    return { flag_id: opts.flagId, resolution: opts.resolution, resolved_at: at.toISOString() };
  });
}

export async function getPlayerFraudStatus(opts: { accountId: string; projectId: string; externalUserId: string }) {
  await findOwnedProject(opts);
  const args = [opts.projectId, opts.externalUserId];
  const [status, open] = await Promise.all([
    pool().query("SELECT * FROM player_fraud_status WHERE project_id = $1 AND external_user_id = $2", args),
    pool().query<{ n: number }>("SELECT count(*)::int AS n FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2 AND resolved_at IS NULL", args),
  ]);
  const row = status.rows[0] ? modelRow<PlayerFraudStatus>(status.rows[0]) : null;
  const active = row && (!row.expiresAt || row.expiresAt > now());
  const flags = open.rows[0]!.n;
  return {
    external_user_id: opts.externalUserId,
    state: (active ? row.state : "none") as TManualState | "none",
    reason: active ? row.reason : null,
    expires_at: active ? (row.expiresAt?.toISOString() ?? null) : null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    unresolved_flags: flags,
  };
}

/** Manual status: `trusted` (the gate delivers), `watch` (review at least), `blocked` (reject), or `none` to clear it. */
export async function setPlayerFraudStatus(opts: { accountId: string; projectId: string; externalUserId: string; state: (typeof MANUAL_STATES)[number]; reason?: string; expiresAt?: string | null; requestId?: string }) {
  await findOwnedProject(opts);
  const expiresAt = opts.expiresAt ? new Date(opts.expiresAt) : null;
  if (expiresAt && expiresAt <= now()) throw new AppError("validation_error", "expires_at must be in the future", { details: { issues: [{ path: "expires_at", message: "in the past" }] } });
  await withTransaction(async (tx) => {
    const at = now();
    if (opts.state === "none") {
      await tx.query("DELETE FROM player_fraud_status WHERE project_id = $1 AND external_user_id = $2", [opts.projectId, opts.externalUserId]);
    } else {
      await tx.query(
        `INSERT INTO player_fraud_status (project_id, external_user_id, state, reason, expires_at, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (project_id, external_user_id) DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, expires_at = EXCLUDED.expires_at, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [opts.projectId, opts.externalUserId, opts.state, opts.reason ?? null, expiresAt, opts.accountId, at],
      );
    }
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "fraud.player_status_set", targetType: "player", targetId: opts.externalUserId, metadata: { state: opts.state }, requestId: opts.requestId });
  });
  return getPlayerFraudStatus(opts);
}

/**
 * What the gate did: flags raised by kind and claims by decision over the last 30 days; the
 * unresolved flags of each kind whenever raised (unresolved flags are never deleted, and the flag
 * list, the bell and the players list count them all: "open" means the same on every page); the
 * review queue and the hold backlog now.
 */
export async function fraudMetrics(opts: { accountId: string; projectId: string }) {
  await findOwnedProject(opts);
  const since = new Date(now().getTime() - 30 * 86_400_000);
  const [flags, claims, open] = await Promise.all([
    pool().query<{ kind: string; n: number; unresolved: number }>(
      `SELECT kind, count(*) FILTER (WHERE created_at > $2)::int AS n, count(*) FILTER (WHERE resolved_at IS NULL)::int AS unresolved
         FROM fraud_flag WHERE project_id = $1 AND (created_at > $2 OR resolved_at IS NULL) GROUP BY kind ORDER BY n DESC, kind`,
      [opts.projectId, since],
    ),
    pool().query<{ status: string; decided_by: string; n: number; avg_score: number }>(
      "SELECT status, decided_by, count(*)::int AS n, coalesce(avg(risk_score), 0)::float AS avg_score FROM reward_claim WHERE project_id = $1 AND created_at > $2 GROUP BY status, decided_by",
      [opts.projectId, since],
    ),
    pool().query<{ review: number; held: number }>(
      "SELECT count(*) FILTER (WHERE status = 'review')::int AS review, count(*) FILTER (WHERE status = 'held')::int AS held FROM reward_claim WHERE project_id = $1",
      [opts.projectId],
    ),
  ]);
  const byStatus: Record<string, number> = { deliverable: 0, held: 0, review: 0, rejected: 0 };
  for (const r of claims.rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    period_days: 30,
    flags: flags.rows.map((r) => ({ kind: r.kind, count: r.n, unresolved: r.unresolved })),
    claims: { total, by_status: byStatus, rejected_rate: total ? byStatus.rejected! / total : 0, held_or_review_rate: total ? (byStatus.held! + byStatus.review!) / total : 0 },
    review_queue: open.rows[0]!.review,
    held_now: open.rows[0]!.held,
  };
}

export async function getFraudConfig(opts: { accountId: string; projectId: string }) {
  const p = await findOwnedProject(opts);
  return describeFraudConfig(p.fraudConfig);
}

/** Replaces the project's fraud configuration (validated whole; omitted fields take their defaults). */
export async function setFraudConfig(opts: { accountId: string; projectId: string; config: TFraudConfigInput; requestId?: string }) {
  await findOwnedProject(opts);
  const parsed = ZFraudConfig.safeParse(opts.config);
  if (!parsed.success) throw new AppError("validation_error", parsed.error.issues[0]?.message ?? "Invalid fraud configuration", { details: { issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } });
  const issues = ruleConfigIssues(parsed.data);
  if (issues.length > 0) throw new AppError("validation_error", `${issues[0]!.path}: ${issues[0]!.message}`, { details: { issues } });
  await withTransaction(async (tx) => {
    const at = now();
    await tx.query("UPDATE project SET fraud_config = $2::jsonb, updated_at = $3 WHERE id = $1", [opts.projectId, JSON.stringify(parsed.data), at]);
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "fraud.config_updated", requestId: opts.requestId });
  });
  return describeFraudConfig(parsed.data);
}

/** The retention job: resolved flags raised more than 90 days ago are deleted; unresolved ones never. */
export async function deleteOldResolvedFlags(): Promise<number> {
  const res = await pool().query("DELETE FROM fraud_flag WHERE resolved_at IS NOT NULL AND created_at < $1", [new Date(now().getTime() - 90 * 86_400_000)]);
  return res.rowCount ?? 0;
}

/**
 * The retention job's second part: address rollup rows (migration 0017) whose player has not
 * started a run from that address for two days. The gate looks back 24 hours; the margin keeps a
 * row the clock's skew or a late job could still need.
 */
export async function deleteStaleAddressPlayers(): Promise<number> {
  const res = await pool().query("DELETE FROM address_player WHERE last_started_at < $1", [new Date(now().getTime() - 2 * 86_400_000)]);
  return res.rowCount ?? 0;
}
