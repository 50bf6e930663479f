import { uuidOrPlainText400 } from "@/server/trpc/param-rules";
import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { REWARD_STATUSES, RUN_STATUSES } from "@/server/domain/gameplay";

const tags = ["Game runs"];

const ZLevel = z.object({ id: z.string(), version: z.number().int(), number: z.number().int(), best_score: z.number().int(), cycle_round: z.number().int() });
export const ZGameRunSchema = z.object({
  run_id: z.string().uuid(),
  game_id: z.string(),
  mechanic: z.string(),
  game_version: z.number().int(),
  level: ZLevel,
  status: z.enum(RUN_STATUSES).describe("`active`, `won`, `lost` or `abandoned`"),
  sequence: z.number().int().describe("Sequence of the last processed command (0 before the first)"),
  is_replay: z.boolean(),
  end_reason: z
    .string()
    .nullable()
    .describe("null while active; `completed` (won); `out_of_moves`, `out_of_fuel`, `too_many_mistakes`, `out_of_flips`, `failed` (lost); `expired`, `replaced` (abandoned)"),
  expires_at: z.string().describe("When this active run expires without another command: 30 to 31 minutes after its last command (a run's activity time is kept to the minute, so a command less than a minute after the last recorded one does not move it)"),
  resumable: z.boolean(),
  started_at: z.string(),
  server_time: z.string(),
  view: z.record(z.string(), z.unknown()).describe("Mechanic view: what the player may see, never hidden state"),
  resumed: z.boolean().optional().describe("Start only: true when an active run was returned"),
});

export const startMeta: TMeta = {
  limits: [{ policies: ["runStart"], when: "replay_first" }],
  erasedSessions: "in_domain",
  auth: "session",
  errors: ["origin_not_allowed", "mechanic_unavailable", "mechanic_mismatch", "unsupported_game_version", "level_locked", "fraud_blocked", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/game-runs",
    tags,
    summary: "Start (or resume) a game run",
    description:
      "The server picks the mechanic (the project's `play_mechanic`) and the level: `intent`=`next` (default) plays the player's next level; `level_number` replays a completed level (`is_replay`, never a first completion; otherwise 409 `level_locked`). An active run is returned with `resumed: true` unless `replace_active` (the old run closes as abandoned/`replaced`). A repeated `start_id` (in any letter case) returns the run it created whatever the rate limit says, and does not count toward it (10 starts per minute per player; 429 `rate_limited` with `Retry-After`). `expected_mechanic` ≠ the project's mechanic → 409 `mechanic_mismatch`. `supported_game_versions`: inclusive ranges `[min, max]` (or `[v]`) of game versions the client can play; none matching → 409 `unsupported_game_version`. The `Origin` header must equal the API origin.",
  },
};
export const ZStartRequestSchema = z.object({
  start_id: z.string().uuid().optional(),
  replace_active: z.boolean().optional(),
  intent: z.literal("next").optional(),
  level_number: z.number().int().min(1).max(10_000).optional(),
  expected_mechanic: z.string().max(64).optional(),
  supported_game_versions: z.array(z.array(z.number().int().min(0)).min(1).max(2)).max(32).optional(),
});

export const getMeta: TMeta = {
  limits: [{ policies: ["runRead"], when: "first" }],
  auth: "session",
  errors: ["not_found", "rate_limited"],
  openapi: {
    method: "GET",
    path: "/v1/game-runs/{run_id}",
    tags,
    summary: "Read a game run",
    description: "Owner only (another player's run is 404). Reads by the run's own mechanic, also after the project changed games. An expired active run is closed as abandoned/`expired` by this read. 60 per minute per player. `Origin` is not checked.",
  },
};
export const ZGetRequestSchema = z.object({ run_id: z.string().uuid() });

export const commandMeta: TMeta = {
  limits: [{ policies: ["gameCommand"], when: "handler" }],
  // Spec: game clients show this answer as is, so an invalid run id is plain text, not JSON.
  params: { run_id: uuidOrPlainText400("run_id") },
  erasedSessions: "in_domain",
  auth: "session",
  errors: ["not_found", "run_not_active", "sequence_conflict", "idempotency_conflict", "run_command_limit", "effect_token_invalid", "origin_not_allowed", "fraud_blocked", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/game-runs/{run_id}/commands",
    tags,
    summary: "Send one command",
    description:
      "`sequence` must be the run's `sequence` + 1 (a gap or a repeat with a new `command_id` is 409 `sequence_conflict` with `expected_sequence`); every processed command consumes its sequence, refused ones too. A repeated `command_id` with the same `sequence`, `action` and `payload` returns the stored response (idempotent, also after the run closed); the same `command_id` with a different body is 409 `idempotency_conflict`. Limits: 120 commands per 10 seconds per player (429 `rate_limited` with `Retry-After`), and at most 1000 commands per run (409 `run_command_limit`; start a new run). A game-level refusal is HTTP 200 with `accepted: false` and `rejection_code`. The stored envelope (`command_id`, `sequence`, `action`, `payload`) may be at most 8192 bytes measured as jsonb text, checked before anything else (422); match3 payloads at most 512 bytes (refused as `invalid_payload`). On a closed or expired run: 409 `run_not_active` (an expired run is closed in the same step). `progression` appears on the move that ends a level; `facts` carry `game_won` on a win. A level with star thresholds converts the budget left at a win (moves, mistakes or flips, fuel) into bonus points added to the score (an animation step `bonus`); the view then carries `stars` (1-3, from the level's `star_thresholds` and the final score) and `bonus`, and `game_won` carries both. Header `X-Service-Client-Version` (`r` + 12 hex or `legacy-v1`) is diagnostic only: stored when valid, ignored otherwise, never part of the result. An invalid `run_id` in the path answers plain text. The `Origin` header must equal the API origin.",
  },
};
export const ZCommandRequestSchema = z.object({
  run_id: z.string().uuid(),
  command_id: z.string().min(1).max(128),
  sequence: z.number().int().min(1),
  action: z.string().min(1).max(64),
  payload: z.record(z.string(), z.unknown()).default({}),
});
export const ZCommandResponseSchema = z.object({
  run_id: z.string().uuid(),
  sequence: z.number().int(),
  accepted: z.boolean(),
  rejection_code: z.string().optional(),
  status: z.enum(RUN_STATUSES),
  view: z.record(z.string(), z.unknown()),
  animation_steps: z.array(z.record(z.string(), z.unknown())),
  facts: z.array(z.record(z.string(), z.unknown())),
  progression: z
    .object({
      level_number: z.number().int(),
      first_completion: z.boolean(),
      is_replay: z.boolean(),
      next_level_number: z.number().int(),
      levels_total: z.number().int(),
      track_complete: z.boolean(),
      cycle_round: z.number().int(),
      best_score: z.number().int(),
      new_best: z.boolean(),
    })
    .optional(),
});

export const rewardMeta: TMeta = {
  limits: [{ policies: ["rewardStatus"], when: "handler" }],
  auth: "session",
  errors: ["not_found", "rate_limited"],
  openapi: {
    method: "GET",
    path: "/v1/game-runs/{run_id}/reward",
    tags,
    summary: "Player-facing reward status of a run",
    description:
      "Run owner only. `status`: `pending`, `checking`, `delayed`, `confirmed`, `unavailable` or `none`; with several claims the highest by pending > checking > delayed > confirmed > unavailable. Runs in free_play and runs without a claim report `none`. Works after the project's mechanic changed; changes no progress or claims; never shows reasons, risk scores or hold times. 30 per minute; over the limit a `rate_exceeded` fraud flag is stored and the answer is 429.",
  },
};
export const ZRewardResponseSchema = z.object({
  status: z.enum(REWARD_STATUSES),
  label_key: z.string().describe("Localisation key `reward.status.<status>` of the play shell's catalogue"),
  label: z.string().describe("That key's text in `lang` (the project's own wording where it set one)"),
  lang: z.string().describe("The language of `label` and `message`: the first language of the request's `Accept-Language` the play shell speaks (it sends its own), else `en`"),
  message: z
    .string()
    .nullable()
    .describe("The campaign's `player_message` in `lang` for the reported claim; null when it has none in that language (never another language's) or when the reward is `unavailable`"),
  updated_at: z.string(),
});
