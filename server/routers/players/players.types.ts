import { z } from "zod";
import { PLAYER_SORTS } from "@/server/domain/insight";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: players"];
const owner = "The admin must own the project; a foreign or unknown project answers 404, and so does a player the project has no record of (never seen, or erased).";
const limit = z.coerce.number().int().min(1).max(500).default(50).describe("1-500, default 50");

export const ZPlayerRequestSchema = z.object({ project_id: z.string().uuid(), external_user_id: z.string().min(1).max(128) });
export const ZPlayerListRequestSchema = ZPlayerRequestSchema.extend({ limit });

export const ZPlayersRequestSchema = z.object({
  project_id: z.string().uuid(),
  search: z.string().max(128).optional().describe("Part of an external user id, any case (`anon_` finds the anonymous players)"),
  sort: z.enum(PLAYER_SORTS).default("last_seen"),
  order: z.enum(["desc", "asc"]).default("desc"),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe("1-200, default 50"),
  cursor: z.string().max(512).optional().describe("The `next_cursor` of the page before, with the same `search`, `sort` and `order`"),
});
const ZPlayerRow = z.object({
  external_user_id: z.string(),
  subject_type: z.enum(["verified", "anonymous"]).describe("`anonymous`: a widget player (`anon_…`); `verified`: a player your server issued a session for"),
  last_seen_at: z.string().describe("Their latest game activity (a run started or finished)"),
  runs_started: z.number().int(),
  levels_won: z.number().int().describe("Levels completed for the first time, over every game of the project"),
  rewards: z.number().int().describe("Reward claims, whatever their status"),
  fraud_status: z.enum(["trusted", "watch", "blocked", "none"]).describe("The manual fraud state in force (`none` when unset or expired)"),
  open_flags: z.number().int().describe("Unresolved fraud flags"),
});
export const ZPlayersResponseSchema = z.object({
  players: z.array(ZPlayerRow),
  total: z.number().int().describe("Players matching `search`"),
  next_cursor: z.string().nullable(),
});
export const playersMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/players",
    tags,
    summary: "List players",
    description:
      "The admin must own the project (a foreign or unknown project answers 404). Everyone who has started a game in the project, one row each: last activity, runs started, levels won, reward claims, fraud state and open flags. `search` matches part of the external user id, any case. `sort`: `last_seen` (default), `runs`, `levels_won` or `external_user_id`, `order` `desc` (default) or `asc`, ties broken by id; pages of `limit` (1-200, default 50) follow `next_cursor` (null on the last page; a cursor of another sort or order is 422). Players who only opened the widget without playing are found by id on the player's own routes. Erased players are not listed.",
  },
};

const ZTemplate = z.object({
  template_id: z.string().describe("The game's mechanic (e.g. `match3_v1`), or `streak_v1` for the legacy streak"),
  name: z.string().describe("The game's name as players see it (e.g. Gem Match)"),
  kind: z.enum(["game", "streak"]),
  mechanic: z.string().nullable(),
  current_level: z.number().int().nullable().describe("The level the player plays next; null once the track is complete, and for the streak"),
  cycle_round: z.number().int().nullable(),
  levels_completed: z.number().int(),
  levels_total: z.number().int().describe("Published levels of the game's track"),
  track_complete: z.boolean(),
  runs_started: z.number().int(),
  best_scores: z.record(z.string(), z.number().int()).describe("Best score by level number"),
  levels: z.array(z.object({ level_number: z.number().int(), best_score: z.number().int(), completions: z.number().int(), first_completed_at: z.string().nullable() })),
  streak: z.object({ current_streak: z.number().int(), best_streak: z.number().int(), last_day: z.string().nullable(), days_played: z.number().int() }).nullable(),
  updated_at: z.string(),
});
export const ZProgressResponseSchema = z.object({ external_user_id: z.string(), templates: z.array(ZTemplate) });
export const progressMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/players/{external_user_id}/progress",
    tags,
    summary: "A player's progress",
    description: `${owner} One entry per game the player has progress in (kind \`game\`: current level, levels completed of the published track, best score and completions per level, runs started), and the legacy streak (kind \`streak\`: current and best streak, last UTC day played, days played) when the player has one.`,
  },
};

const ZSession = z.object({
  session_id: z.string().describe("The player session token's id (`jti`)"),
  started_at: z.string().describe("The session's first recorded event"),
  last_event_at: z.string(),
  duration_seconds: z.number().int().describe("From the first to the last event"),
  events: z.number().int(),
  runs: z.number().int().describe("Distinct game runs the session's events name"),
  event_types: z.array(z.string()),
});
export const ZSessionsResponseSchema = z.object({ sessions: z.array(ZSession) });
export const sessionsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/players/{external_user_id}/sessions",
    tags,
    summary: "A player's sessions",
    description: `${owner} Player session tokens are stateless, so a session is what its events show: every event recorded under the token's id (\`play.session_start\`, widget and lobby events, and the \`game.*\` events of runs started and played with it). Events without a session (server and business events) are not part of one. Newest activity first; \`limit\` 1-500 (default 50).`,
  },
};

const ZRun = z.object({
  run_id: z.string().uuid(),
  mechanic: z.string(),
  game: z.string().describe("The game's name as players see it"),
  level_id: z.string(),
  level_number: z.number().int(),
  is_replay: z.boolean(),
  status: z.string().describe("`active`, `won`, `lost`, `abandoned` or `expired`"),
  end_reason: z.string().nullable(),
  outcome: z.string().nullable().describe("The level result (`won`/`lost`) once the run finished"),
  score: z.number().int(),
  moves: z.number().int().describe("Commands stored (accepted and refused)"),
  started_at: z.string(),
  last_activity_at: z.string().describe("The run's last command, to the minute (a command less than a minute after the last recorded one does not move it)"),
  ended_at: z.string().nullable(),
});
export const ZRunsResponseSchema = z.object({ runs: z.array(ZRun) });
export const runsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/players/{external_user_id}/runs",
    tags,
    summary: "A player's game runs",
    description: `${owner} Newest first; \`limit\` 1-500 (default 50). Safe fields only: the engine state, seed and client address hash of a run are never returned.`,
  },
};

export const ZRunCommandsRequestSchema = z.object({ project_id: z.string().uuid(), run_id: z.string().uuid() });
const ZCommand = z.object({
  sequence: z.number().int(),
  command_id: z.string(),
  type: z.string().describe("The command's action, e.g. `swap`, `flip`, `move`"),
  payload: z.record(z.string(), z.unknown()).describe("The move as the player sent it (at most 512 bytes)"),
  accepted: z.boolean(),
  rejection_code: z.string().nullable(),
  result: z.object({ status: z.string().nullable().describe("The run's status after the command"), facts: z.array(z.string()).describe("What the engine reported, e.g. `match`, `game_won`") }),
  created_at: z.string(),
});
export const ZRunCommandsResponseSchema = z.object({ run: ZRun.extend({ external_user_id: z.string() }), commands: z.array(ZCommand) });
export const runCommandsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/runs/{run_id}/commands",
    tags,
    summary: "A run's commands",
    description: "The admin must own the project, and the run must belong to it: a run of another project (or an unknown one) answers 404. The run (safe fields) and every stored command in sequence order: the move, whether the engine accepted it (or its `rejection_code`), the run's status after it and the facts it produced. Never the engine state.",
  },
};

export const ZEraseResponseSchema = z.object({
  status: z.enum(["erased", "cleanup_pending"]).describe("`erased`: database and hot storage are clean; `cleanup_pending`: the database is, and a durable job is still retrying the hot storage (Redis unreachable)"),
  subject_hash: z.string().describe("HMAC-SHA256 of project and player under a key derived from the app secret; the only trace of the player (audit entry, anonymised records)"),
  tables: z.record(z.string(), z.number().int()).describe("Rows deleted, per table"),
  anonymised: z.record(z.string(), z.number().int()).describe("Rows kept with the id replaced by `erased_<subject_hash>`, per table (`reward_claims`, `webhook_deliveries`, …)"),
  erased_at: z.string(),
});
export const eraseMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "DELETE",
    path: "/v1/admin/projects/{project_id}/players/{external_user_id}/data",
    tags,
    summary: "Erase a player's data (GDPR)",
    description:
      "The admin must own the project (foreign or unknown: 404). In ONE transaction: deletes the player's game runs with their commands and level results, progress, level progress, progress snapshots (streak), events (in every month of the event table) and their idempotency keys, fraud flags, manual fraud status, experiment cohorts, balances, ledger, economy idempotency rows, effect tokens and wheel seeds; anonymises what must be kept — reward claims (the id, also inside their idempotency keys), the payload, idempotency key and error of their webhook deliveries (status untouched: a delivery still queued is sent with the anonymous id), webhook attempt excerpts, test-inbox messages, notifications, wheel spins (prizes paid from the wheel's budgets, whose spend stays counted) and audit entries — replacing the id with `erased_<subject_hash>`; writes an audit entry holding only the hash; and enqueues a durable job for the hot storage (the player's rate-limit counters in Redis). Right after the commit the hot storage is cleaned synchronously: `status` is `erased` when that worked, `cleanup_pending` when Redis was unreachable (the job retries with backoff). Session tokens and idempotency cache keys are not enumerable by player and expire by their own time-to-live. Erasing again (or a player never seen) answers a summary with zero rows.",
  },
};

export const ZReplayRequestSchema = z.object({ project_id: z.string().uuid(), run_id: z.string().uuid() });
const ZJson = z.record(z.string(), z.unknown());
const ZFrame = z.object({
  sequence: z.number().int(),
  action: z.string(),
  payload: ZJson,
  accepted: z.boolean(),
  rejection_code: z.string().nullable(),
  at: z.string(),
  offset_ms: z.number().int().describe("Milliseconds from the run's start"),
  interval_ms: z.number().int().describe("Milliseconds since the command before (or the start)"),
  response: ZJson.describe("The answer the player's client got and animated: `view` after the command, `animation_steps`, `facts`, `status`"),
});
export const ZReplayResponseSchema = z.object({
  run: ZJson.describe("The run as its start answered it: the dealt board in `view` (the game's renderer mounts this), level, game version"),
  external_user_id: z.string(),
  outcome: z.object({ status: z.string(), end_reason: z.string().nullable(), score: z.number().int(), ended_at: z.string().nullable() }),
  frames: z.array(ZFrame),
  replay_check: z.enum(["match", "mismatch", "unavailable"]).describe("The stored commands applied again to the dealt board end in the stored state (`match`) or not; `unavailable` when the pinned level is gone"),
  timing: z.object({
    duration_ms: z.number().int(),
    median_interval_ms: z.number().int().nullable().describe("Median time between accepted commands"),
    level_runs: z.number().int().describe("The level's latest finished runs in the project it is compared with (up to 500)"),
    level_median_duration_ms: z.number().int().nullable(),
    faster_than: z.number().nullable().describe("Share of those runs that took longer than this one (0-1)"),
  }),
  claims: z.array(z.object({
    claim_id: z.string().uuid(),
    status: z.string(),
    risk_score: z.number().int(),
    risk_reasons: z.array(z.string()),
    decided_by: z.string(),
    created_at: z.string(),
    decisions: z
      .array(
        z.object({
          decision: z.enum(["released", "rejected"]),
          by: z.string().nullable().describe("The admin's e-mail; null when `automatic`, or when the admin's account is gone"),
          automatic: z.boolean().describe("Released by the hold-release job when the claim's hold ended and its fresh score was under the hold threshold, not by an admin"),
          reason: z.string().nullable(),
          at: z.string(),
        }),
      )
      .describe("Releases and rejections of the claim, from the audit trail: an admin's, or the hold-release job's"),
  })),
  network_players: z.number().int().nullable().describe("Players who started runs in the project from the run's network (its start address's /24 or /48); null when unknown"),
  open_flags: z.array(z.object({ kind: z.string(), created_at: z.string() })).describe("The player's unresolved fraud flags, newest first (up to 20)"),
});
export const replayMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/game-runs/{run_id}/replay",
    tags,
    summary: "Watch a run",
    description:
      "Everything needed to replay a run move by move with the game's own renderer: the board as it was dealt (`run.view`, from the run's pinned level and seed) and every stored command in order with the exact answer the player got (`frames[].response`), refused ones included, with their timing. Beside it, what a reviewer weighs: the replay check, the run's duration against the level's typical runs in the project, the claims it made and their risk, the players seen on its network, the player's open flags. The admin must own the project; an unknown run, another project's, or one erased with its player's data answers 404 (erasure deletes runs). A run of up to 1 000 commands answers in one response.",
  },
};
