import { findGameManifest } from "@/games/manifests";
import { pool } from "@/server/db/client";
import { EMPTY_STREAK, publishedTrack, type TStreakState } from "@/server/domain/gameplay";
import { findOwnedProject, isUuid } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";

/**
 * The admin's read views of one player: progress, sessions, runs and a run's commands. A player is
 * known to a project when a row of play, events, economy, wheel, fraud or exposure names them; an
 * unknown (or erased) player answers 404 like a foreign project, so the views never tell an admin
 * whether an id exists elsewhere.
 */
type TPlayerRef = { accountId: string; projectId: string; externalUserId: string };

const KNOWN_TABLES = ["game_run", "player_event", "player_progress", "player_balance", "wheel_spin", "player_fraud_status", "fraud_flag", "experiment_cohort", "reward_claim", "progress_snapshot"];

async function assertKnownPlayer(opts: TPlayerRef): Promise<void> {
  await findOwnedProject(opts);
  const exists = KNOWN_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t} WHERE project_id = $1 AND external_user_id = $2)`).join(" OR ");
  const { rows } = await pool().query<{ known: boolean }>(`SELECT (${exists}) AS known`, [opts.projectId, opts.externalUserId]);
  if (!rows[0]?.known) throw new AppError("not_found", "Player not found in this project");
}

/** One entry per game the player has progress in, and the legacy streak when they have one. */
export async function getPlayerProgress(opts: TPlayerRef) {
  await assertKnownPlayer(opts);
  const args = [opts.projectId, opts.externalUserId];
  const [progress, levels, snapshots] = await Promise.all([
    pool().query("SELECT * FROM player_progress WHERE project_id = $1 AND external_user_id = $2 ORDER BY mechanic", args),
    pool().query("SELECT * FROM level_progress WHERE project_id = $1 AND external_user_id = $2 ORDER BY mechanic, level_number", args),
    pool().query("SELECT template_id, state, updated_at FROM progress_snapshot WHERE project_id = $1 AND external_user_id = $2 ORDER BY template_id", args),
  ]);
  const games = await Promise.all(
    progress.rows.map(async (p) => {
      const mine = levels.rows.filter((l) => l.mechanic === p.mechanic);
      return {
        template_id: p.mechanic as string,
        name: findGameManifest(p.mechanic)?.name ?? (p.mechanic as string),
        kind: "game" as const,
        mechanic: p.mechanic as string,
        current_level: p.track_completed ? null : (p.next_level_number as number),
        cycle_round: p.cycle_round as number,
        levels_completed: p.levels_completed as number,
        levels_total: (await publishedTrack(p.mechanic)).levels.length,
        track_complete: p.track_completed as boolean,
        runs_started: p.runs_started as number,
        best_scores: Object.fromEntries(mine.map((l) => [String(l.level_number), l.best_score as number])),
        levels: mine.map((l) => ({ level_number: l.level_number as number, best_score: l.best_score as number, completions: l.completions as number, first_completed_at: l.first_completed_at?.toISOString() ?? null })),
        streak: null,
        updated_at: (p.updated_at as Date).toISOString(),
      };
    }),
  );
  const streaks = snapshots.rows.map((s) => {
    const st = { ...EMPTY_STREAK, ...(s.state as TStreakState) };
    return {
      template_id: s.template_id as string,
      name: s.template_id === "streak_v1" ? "Daily Streak" : (s.template_id as string),
      kind: "streak" as const,
      mechanic: null,
      current_level: null,
      cycle_round: null,
      levels_completed: 0,
      levels_total: 0,
      track_complete: false,
      runs_started: 0,
      best_scores: {},
      levels: [],
      streak: { current_streak: st.current_streak, best_streak: st.best_streak, last_day: st.last_day, days_played: st.days_played },
      updated_at: (s.updated_at as Date).toISOString(),
    };
  });
  return { external_user_id: opts.externalUserId, templates: [...games, ...streaks] };
}

/**
 * Sessions: a player session token (its `jti`) is stateless, so a session is what its events show —
 * every event recorded with that session id (play.session_start, lobby and widget events, game.*
 * events of the runs started and played under it). Newest activity first.
 */
export async function listPlayerSessions(opts: TPlayerRef & { limit: number }) {
  await assertKnownPlayer(opts);
  const { rows } = await pool().query(
    `SELECT session_id, min(created_at) AS started_at, max(created_at) AS last_event_at, count(*)::int AS events,
            count(DISTINCT run_id)::int AS runs, array_agg(DISTINCT type ORDER BY type) AS event_types
       FROM player_event WHERE project_id = $1 AND external_user_id = $2 AND session_id IS NOT NULL
      GROUP BY session_id ORDER BY max(created_at) DESC, session_id LIMIT $3`,
    [opts.projectId, opts.externalUserId, opts.limit],
  );
  return {
    sessions: rows.map((r) => ({
      session_id: r.session_id as string,
      started_at: (r.started_at as Date).toISOString(),
      last_event_at: (r.last_event_at as Date).toISOString(),
      duration_seconds: Math.round(((r.last_event_at as Date).getTime() - (r.started_at as Date).getTime()) / 1000),
      events: r.events as number,
      runs: r.runs as number,
      event_types: r.event_types as string[],
    })),
  };
}

/** Safe columns only: the engine state, seed and address hash of a run never leave the server. */
const RUN_COLUMNS = `r.id, r.mechanic, r.level_id, r.level_number, r.is_replay, r.status, r.end_reason, r.score, r.sequence,
  r.started_at, r.last_activity_at, r.ended_at, lr.outcome`;

function runView(r: Record<string, any>) {
  return {
    run_id: r.id as string,
    mechanic: r.mechanic as string,
    game: findGameManifest(r.mechanic)?.name ?? (r.mechanic as string),
    level_id: r.level_id as string,
    level_number: r.level_number as number,
    is_replay: r.is_replay as boolean,
    status: r.status as string,
    end_reason: (r.end_reason as string | null) ?? null,
    outcome: (r.outcome as string | null) ?? null,
    score: r.score as number,
    moves: r.sequence as number,
    started_at: (r.started_at as Date).toISOString(),
    last_activity_at: (r.last_activity_at as Date).toISOString(),
    ended_at: (r.ended_at as Date | null)?.toISOString() ?? null,
  };
}

export async function listPlayerRuns(opts: TPlayerRef & { limit: number }) {
  await assertKnownPlayer(opts);
  const { rows } = await pool().query(
    `SELECT ${RUN_COLUMNS} FROM game_run r LEFT JOIN level_result lr ON lr.run_id = r.id
      WHERE r.project_id = $1 AND r.external_user_id = $2 ORDER BY r.started_at DESC, r.id LIMIT $3`,
    [opts.projectId, opts.externalUserId, opts.limit],
  );
  return { runs: rows.map(runView) };
}

/** A run's commands in order, as stored: the move, whether the engine took it, and what it led to. */
export async function listRunCommands(opts: { accountId: string; projectId: string; runId: string }) {
  await findOwnedProject(opts);
  if (!isUuid(opts.runId)) throw new AppError("not_found", "Run not found");
  const run = (
    await pool().query(`SELECT ${RUN_COLUMNS}, r.external_user_id FROM game_run r LEFT JOIN level_result lr ON lr.run_id = r.id WHERE r.id = $1 AND r.project_id = $2`, [opts.runId, opts.projectId])
  ).rows[0];
  if (!run) throw new AppError("not_found", "Run not found");
  const { rows } = await pool().query(
    `SELECT sequence, command_id, action, payload, accepted, rejection_code, r.j->>'status' AS status_after,
            COALESCE((SELECT array_agg(f->>'name') FROM jsonb_array_elements(COALESCE(r.j->'facts', '[]'::jsonb)) f), '{}') AS facts, created_at
       FROM game_command CROSS JOIN LATERAL (SELECT response::jsonb AS j) r WHERE run_id = $1 ORDER BY sequence`,
    [opts.runId],
  );
  return {
    run: { ...runView(run), external_user_id: run.external_user_id as string },
    commands: rows.map((c) => ({
      sequence: c.sequence as number,
      command_id: c.command_id as string,
      type: c.action as string,
      payload: c.payload as Record<string, unknown>,
      accepted: c.accepted as boolean,
      rejection_code: (c.rejection_code as string | null) ?? null,
      result: { status: (c.status_after as string | null) ?? null, facts: (c.facts as string[]).filter(Boolean) },
      created_at: (c.created_at as Date).toISOString(),
    })),
  };
}
