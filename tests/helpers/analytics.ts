import { randomUUID } from "node:crypto";
import { pool } from "@/server/db/client";
import { advanceClock, nowMs } from "@/server/lib/clock";

/** Moves the one clock to an exact instant (tests only; the setup resets it after each test). */
export function setNow(iso: string): void {
  advanceClock(Date.parse(iso) - nowMs());
}

/** A session as the play path records it: a `game.started` event (the rollup trigger counts it). */
export async function session(projectId: string, externalUserId: string, at: string, type = "game.started"): Promise<void> {
  await pool().query(
    "INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at) VALUES ($1, $2, $3, 'system', '{}', $4)",
    [projectId, externalUserId, type, at],
  );
}

/** A finished run (started at `at`, `seconds` long) with its level result; `best` also records level progress. */
export async function finishedRun(projectId: string, externalUserId: string, at: string, opts: { outcome?: "won" | "lost"; seconds?: number; level?: number; score?: number } = {}) {
  const id = randomUUID();
  const start = new Date(at);
  const end = new Date(start.getTime() + (opts.seconds ?? 60) * 1000);
  const level = opts.level ?? 1;
  const outcome = opts.outcome ?? "won";
  await pool().query(
    `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, sequence, score, started_at, last_activity_at, expires_at, ended_at)
     VALUES ($1, $2, $3, 'match3_v1', 1, 'l', 1, $4, 1, 1, false, 's', '{}', $5, 1, $6, $7, $8, $8, $8)`,
    [id, projectId, externalUserId, level, outcome, opts.score ?? 100, start, end],
  );
  await pool().query(
    `INSERT INTO level_result (run_id, project_id, external_user_id, mechanic, level_id, level_number, outcome, score, is_replay, first_completion, cycle_round, created_at)
     VALUES ($1, $2, $3, 'match3_v1', 'l', $4, $5, $6, false, true, 1, $7)`,
    [id, projectId, externalUserId, level, outcome, opts.score ?? 100, end],
  );
  return id;
}

export async function bestScore(projectId: string, externalUserId: string, level: number, score: number): Promise<void> {
  await pool().query(
    `INSERT INTO level_progress (project_id, external_user_id, mechanic, level_number, best_score, completions, updated_at) VALUES ($1, $2, 'match3_v1', $3, $4, 1, now())`,
    [projectId, externalUserId, level, score],
  );
}

export async function exposure(projectId: string, experimentKey: string, externalUserId: string, cohort: string, at: string): Promise<void> {
  await pool().query(
    `INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, exposures, first_exposed_at, last_exposed_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6)`,
    [projectId, experimentKey, externalUserId, cohort, cohort !== "control", at],
  );
}

/** A reward claim as the gate records it (its own campaign row), created at `at`; answers its id. */
export async function rewardClaim(
  projectId: string, externalUserId: string, at: string, status: "deliverable" | "held" | "review" | "rejected",
  reward: { type: string; metadata: Record<string, unknown> } = { type: "code", metadata: {} },
): Promise<string> {
  const campaignId = randomUUID();
  const id = randomUUID();
  await pool().query(
    `INSERT INTO campaign (id, project_id, name, status, trigger_type, trigger_params, reward_type, reward_metadata, max_per_user, cooldown_seconds, created_at, updated_at)
     VALUES ($1, $2, 'fixture', 'active', 'game_won', '{}', $4, $5, 1, 0, $3, $3)`,
    [campaignId, projectId, at, reward.type, JSON.stringify(reward.metadata)],
  );
  await pool().query(
    `INSERT INTO reward_claim (id, project_id, campaign_id, external_user_id, trigger, idempotency_key, status, risk_score, risk_reasons, decided_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'game_won', $5, $6, 0, '[]', 'gate', $7, $7)`,
    [id, projectId, campaignId, externalUserId, `fixture:${id}`, status, at],
  );
  return id;
}
