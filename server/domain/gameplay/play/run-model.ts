import { getMechanic } from "@/games/registry";

/**
 * Run statuses: `active` (playable), `won` (goals met), `lost` (a constraint ran out), `abandoned`
 * (closed without an outcome). End reasons: `completed` (won), `out_of_moves` / `out_of_fuel` /
 * `too_many_mistakes` / `out_of_flips` / `failed` (lost, from the engine), `expired` (no command
 * before expires_at), `replaced` (the player started over with replace_active).
 */
export const RUN_STATUSES = ["active", "won", "lost", "abandoned"] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];

/** A run expires after this long without a command (sliding; see runActivity for the minute it may add). */
export const RUN_IDLE_TTL_MS = 30 * 60_000;
/** How finely a run's activity time (and so its expiry) is kept. */
export const RUN_ACTIVITY_STEP_MS = 60_000;

export type TRunRow = {
  id: string;
  project_id: string;
  external_user_id: string;
  mechanic: string;
  game_version: number;
  level_id: string;
  level_version: number;
  level_number: number;
  track_version: number;
  cycle_round: number;
  is_replay: boolean;
  seed: string;
  state: unknown;
  status: TRunStatus;
  end_reason: string | null;
  sequence: number;
  score: number;
  start_id: string | null;
  started_at: Date;
  last_activity_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  /** The keyed hash of the start address's network (fraud/address-keys.ts). */
  client_ip_hash: string | null;
  /** The keyed hash of the full start address, where it differs from its network (IPv6). */
  client_addr_hash: string | null;
};

export const RUN_COLUMNS = `id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version,
  cycle_round, is_replay, seed, state, status, end_reason, sequence, score, start_id, started_at, last_activity_at, expires_at, ended_at, client_ip_hash, client_addr_hash`;

/** RUN_COLUMNS of `game_run` aliased `r`, for statements that join other tables. */
export const RUN_COLUMNS_R = RUN_COLUMNS.split(",").map((c) => `r.${c.trim()}`).join(", ");

/**
 * A run's activity time and expiry after a command at `at`. They are kept to the minute: a command
 * less than RUN_ACTIVITY_STEP_MS after the stored activity leaves both as they are. Both columns are
 * in indexes (the expiry sweep's, the analytics' run index), so rewriting them made every move's
 * update write a new entry into each of the run's eight indexes; left alone, the common move's
 * update touches no indexed column and stays on its page (a HOT update). The expiry is set a step
 * beyond the idle time, so a run expires 30 to 31 minutes after its last command, never sooner.
 */
export function runActivity(row: Pick<TRunRow, "last_activity_at" | "expires_at">, at: Date): Pick<TRunRow, "last_activity_at" | "expires_at"> {
  if (at.getTime() - row.last_activity_at.getTime() < RUN_ACTIVITY_STEP_MS) return { last_activity_at: row.last_activity_at, expires_at: row.expires_at };
  return { last_activity_at: at, expires_at: runExpiry(at) };
}

/** The expiry of a run whose activity time is `at`. */
export function runExpiry(at: Date): Date {
  return new Date(at.getTime() + RUN_IDLE_TTL_MS + RUN_ACTIVITY_STEP_MS);
}

/**
 * A new run's row, as its start inserts it (start-run.ts): every column is known before the insert,
 * so the statement returns only what the database decides (the level's best score) instead of the
 * row — PostgreSQL printing the state's jsonb and three timestamps, and the driver describing and
 * parsing 24 columns, on every start. `startId` as the uuid column keeps it (lower-case).
 */
export function newRunRow(o: {
  id: string; projectId: string; externalUserId: string; mechanic: string; gameVersion: number;
  level: { id: string; version: number; number: number }; trackVersion: number; cycleRound: number; isReplay: boolean;
  seed: string; state: unknown; score: number; startId: string | null; at: Date; address: { network: string | null; address: string | null };
}): TRunRow {
  return {
    id: o.id, project_id: o.projectId, external_user_id: o.externalUserId, mechanic: o.mechanic, game_version: o.gameVersion,
    level_id: o.level.id, level_version: o.level.version, level_number: o.level.number, track_version: o.trackVersion,
    cycle_round: o.cycleRound, is_replay: o.isReplay, seed: o.seed, state: o.state, status: "active", end_reason: null, sequence: 0,
    score: o.score, start_id: o.startId, started_at: o.at, last_activity_at: o.at, expires_at: runExpiry(o.at), ended_at: null,
    client_ip_hash: o.address.network, client_addr_hash: o.address.address,
  };
}

/** A run row as `to_json` writes it: its times as text. */
export type TRunJson = Omit<TRunRow, "started_at" | "last_activity_at" | "expires_at" | "ended_at"> & {
  started_at: string; last_activity_at: string; expires_at: string; ended_at: string | null;
};

/** A run row from its `to_json` form (with any further fields it carries): its times as Dates again. */
export function runFromJson<T extends TRunJson>(j: T): Omit<T, "started_at" | "last_activity_at" | "expires_at" | "ended_at"> & Pick<TRunRow, "started_at" | "last_activity_at" | "expires_at" | "ended_at"> {
  return { ...j, started_at: new Date(j.started_at), last_activity_at: new Date(j.last_activity_at), expires_at: new Date(j.expires_at), ended_at: j.ended_at === null ? null : new Date(j.ended_at) };
}

export function isExpired(run: Pick<TRunRow, "status" | "expires_at">, at: Date): boolean {
  return run.status === "active" && run.expires_at.getTime() <= at.getTime();
}

/** The game run object of the API at `at` (its server time): an allowlist (never the seed or the engine state). */
export function runView(run: TRunRow, extra: { bestScore: number; resumed?: boolean; at: Date }) {
  const mechanic = getMechanic(run.mechanic);
  const { at } = extra;
  return {
    run_id: run.id,
    game_id: run.mechanic,
    mechanic: run.mechanic,
    game_version: run.game_version,
    level: { id: run.level_id, version: run.level_version, number: run.level_number, best_score: extra.bestScore, cycle_round: run.cycle_round },
    status: run.status,
    sequence: run.sequence,
    is_replay: run.is_replay,
    end_reason: run.end_reason,
    expires_at: run.expires_at.toISOString(),
    resumable: run.status === "active" && run.expires_at.getTime() > at.getTime(),
    started_at: run.started_at.toISOString(),
    server_time: at.toISOString(),
    view: mechanic.view(run.state),
    ...(extra.resumed !== undefined ? { resumed: extra.resumed } : {}),
  };
}

export type TRunView = ReturnType<typeof runView>;
