import type { TTx } from "@/server/db/tx";
import type { TEconomyConfig } from "@/server/domain/money/economy/config";
import { cachedEconomy, economyOfRow, economyUnlessKnown, type TKnownEconomy } from "@/server/domain/money/economy/economy-cache";
import type { TPlayerSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import type { TWheelDraft, TWheelId } from "./draft-model";
import { configUnlessKnown, heldConfig, publishedConfig, type THeldConfig } from "./published-configs";
import type { TBudgetState } from "./spin-budget";
import type { TSpinRow } from "./spin-model";
import { SPIN_COLUMNS, SPIN_FROM } from "./spin-store";

/** What a player request needs to know about the project and the wheel's published version, read in one statement. */
export type TPlayerWheel = {
  gameMode: string;
  /** The project's default language (the rules' language when the draft names none). */
  defaultLanguage: string;
  economyEnabled: boolean;
  economy: TEconomyConfig;
  published: { version: number; config: TWheelDraft; weightsCommitment: string; publishedAt: Date } | null;
  timezone: string;
  /** The wheel's calendar day of `at` (YYYY-MM-DD) and when it ends. */
  today: string;
  resetsAt: Date;
};

type TWheelRow = {
  game_mode: string;
  default_language: string;
  economy_enabled: boolean;
  /** null when it is the configuration of the revision this process holds (economyUnlessKnown). */
  economy_config: unknown;
  economy_config_revision: number;
  version: number | null;
  config: unknown;
  weights_commitment: string | null;
  published_at: Date | null;
  timezone: string;
  today: string;
  resets_at: Date;
};

/**
 * The project, the published version and the wheel's day of `$3`, with room for `extra` columns
 * (`d.day` is the day, `$4`… their parameters). $1 project, $2 wheel id, $3 the time; `known` the
 * parameter carrying the version whose configuration this process holds (published-configs.ts),
 * `knownEconomy` the one carrying the economy's revision it holds (economy-cache.ts).
 */
function playerWheelSql(known: string, knownEconomy: string, extra = ""): string {
  return `SELECT p.game_mode, p.default_language, p.economy_enabled, ${economyUnlessKnown(knownEconomy)}, v.version, ${configUnlessKnown(known)}, v.weights_commitment, v.published_at, z.tz AS timezone,
            d.day::text AS today, ((d.day + 1)::timestamp AT TIME ZONE z.tz) AS resets_at${extra}
       FROM project p
       CROSS JOIN LATERAL (SELECT COALESCE((SELECT s.timezone FROM wheel_settings s WHERE s.project_id = p.id), 'UTC') AS tz) z
       CROSS JOIN LATERAL (SELECT (($3::timestamptz) AT TIME ZONE z.tz)::date AS day) d
       LEFT JOIN wheel w ON w.project_id = p.id AND w.wheel_id = $2
       LEFT JOIN wheel_version v ON v.project_id = p.id AND v.wheel_id = $2 AND v.version = w.published_version
      WHERE p.id = $1`;
}

function toPlayerWheel(row: TWheelRow | undefined, projectId: string, wheelId: TWheelId, held: THeldConfig, heldEconomy: TKnownEconomy | undefined): TPlayerWheel {
  if (!row) throw new AppError("not_found", "Project not found");
  return {
    gameMode: row.game_mode,
    defaultLanguage: row.default_language,
    economyEnabled: row.economy_enabled,
    economy: economyOfRow(projectId, row, heldEconomy),
    published: row.version ? { version: row.version, config: publishedConfig(projectId, wheelId, row.version, row.config, held), weightsCommitment: row.weights_commitment!, publishedAt: row.published_at! } : null,
    timezone: row.timezone,
    today: row.today,
    resetsAt: row.resets_at,
  };
}

export async function loadPlayerWheel(q: TTx, player: TPlayerSession, wheelId: TWheelId, at: Date): Promise<TPlayerWheel> {
  const held = heldConfig(player.projectId, wheelId);
  const heldEconomy = cachedEconomy(player.projectId);
  const { rows } = await q.query<TWheelRow>(playerWheelSql("$4", "$5"), [player.projectId, wheelId, at, held?.version ?? 0, heldEconomy?.revision ?? 0]);
  return toPlayerWheel(rows[0], player.projectId, wheelId, held, heldEconomy);
}

/** The spin's context as its statement's one JSON column: its times are text there, its bigints numbers. */
type TSpinContextJson = Omit<TWheelRow, "published_at" | "resets_at"> & {
  published_at: string | null;
  resets_at: string;
  stored: (Omit<TSpinRow, "created_at" | "seen_at"> & { created_at: string; seen_at: string | null }) | null;
  counts: TSpinCounts;
  spent_total_minor: number | null;
  awards_total: Record<string, number> | null;
  today_budget: { spent_minor: number; awards: Record<string, number> } | null;
  spin_id_erased: boolean;
};

/** The context's row with its times as Dates again (the columns a row of playerWheelSql has). */
function spinContextRow(ctx: TSpinContextJson): Omit<TSpinContextJson, "published_at" | "resets_at"> & Pick<TWheelRow, "published_at" | "resets_at"> {
  return { ...ctx, published_at: ctx.published_at === null ? null : new Date(ctx.published_at), resets_at: new Date(ctx.resets_at) };
}

/**
 * Everything a spin reads before it decides, in one statement (the spin runs under the player's
 * lock, so a fresh statement sees every earlier spin of the player): a stored spin with this
 * spin_id, the wheel, the player's spins of the day, what the wheel has spent — and, as a side
 * effect, a committed seed row for a player who never read the wheel (so the seed statement that
 * follows finds one). Not prepared: a generic plan made while wheel_spin had no statistics read
 * the player's spins through the (project, wheel, created_at) index, all of the wheel's spins.
 * One JSON column, not seventeen: the driver describes every column of an unnamed statement on
 * every spin and builds its parsers and an empty row for them (with the record's RETURNING,
 * spin-budget.ts, about a fifth of a spin's instructions: `npm run bench:instructions` with
 * INSTR_MONEY=1, 1 995–2 082 k → 1 646 k a spin, 2026-12-05).
 */
export async function loadSpinContext(tx: TTx, player: TPlayerSession, wheelId: TWheelId, spinId: string, at: Date, freshSeed: { encrypted: string; hash: string }, erasedId: string) {
  const held = heldConfig(player.projectId, wheelId);
  const heldEconomy = cachedEconomy(player.projectId);
  const { rows } = await tx.query<{ ctx: TSpinContextJson }>(
    `WITH seed AS (INSERT INTO wheel_player (project_id, external_user_id, wheel_id, nonce, next_seed, next_seed_hash, updated_at)
                   VALUES ($1, $4, $2, 0, $6, $7, $3) ON CONFLICT DO NOTHING)
     SELECT to_json(x) AS ctx FROM (${playerWheelSql("$8", "$10", `,
            (SELECT row_to_json(x) FROM (SELECT ${SPIN_COLUMNS} FROM ${SPIN_FROM} WHERE s.project_id = p.id AND s.external_user_id = $4 AND s.spin_id = $5) x) AS stored,
            (SELECT json_build_object('spins', count(*), 'free', count(*) FILTER (WHERE s.kind = 'free')) FROM wheel_spin s
              WHERE s.project_id = p.id AND s.external_user_id = $4 AND s.wheel_id = $2 AND s.day = d.day) AS counts,
            w.spent_total_minor, w.awards_total,
            (SELECT json_build_object('spent_minor', b.spent_minor, 'awards', b.awards) FROM wheel_day b WHERE b.project_id = p.id AND b.wheel_id = $2 AND b.day = d.day) AS today_budget,
            EXISTS (SELECT 1 FROM wheel_spin e WHERE e.project_id = p.id AND e.external_user_id = $9 AND e.spin_id = $5) AS spin_id_erased`)}) x`,
    [player.projectId, wheelId, at, player.externalUserId, spinId, freshSeed.encrypted, freshSeed.hash, held?.version ?? 0, erasedId, heldEconomy?.revision ?? 0],
  );
  const row = rows[0] && spinContextRow(rows[0].ctx);
  const stored = row?.stored ? { ...row.stored, created_at: new Date(row.stored.created_at), seen_at: row.stored.seen_at ? new Date(row.stored.seen_at) : null } : null;
  // What was spent when the spin started: enough to decide, re-checked when the spin is recorded.
  const budget: TBudgetState = {
    spentTotal: Number(row?.spent_total_minor ?? 0),
    awardsTotal: row?.awards_total ?? {},
    spentToday: Number(row?.today_budget?.spent_minor ?? 0),
    awardsToday: row?.today_budget?.awards ?? {},
  };
  // The spin id of a spin kept from before the player's erasure (under the anonymous id): a retry
  // of it must not be paid a second time.
  return { stored, spinIdErased: row?.spin_id_erased === true, wheel: toPlayerWheel(row, player.projectId, wheelId, held, heldEconomy), counts: row!.counts, budget };
}

/** Anonymous sessions play only in free-play projects; a wheel must be published to be played. */
export function assertWheelPlayable(w: TPlayerWheel, player: Pick<TPlayerSession, "subjectType">): NonNullable<TPlayerWheel["published"]> {
  if (player.subjectType === "anonymous" && w.gameMode !== "free_play") {
    throw new AppError("forbidden", "The wheel of a rewards project needs a verified player session (anonymous sessions are free play only)");
  }
  if (!w.published) throw new AppError("wheel_config_missing", "This wheel is not published");
  return w.published;
}

export type TSpinCounts = { spins: number; free: number };

export async function countSpinsToday(q: TTx, player: TPlayerSession, wheelId: TWheelId, day: string): Promise<TSpinCounts> {
  const { rows } = await q.query<TSpinCounts>(
    `SELECT count(*)::int AS spins, (count(*) FILTER (WHERE kind = 'free'))::int AS free FROM wheel_spin
      WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = $3 AND day = $4::date`,
    [player.projectId, player.externalUserId, wheelId, day],
  );
  return rows[0]!;
}

/** Free spins come first; every spin of the day, free or paid, counts toward max_spins_per_day. */
export function computeEntitlement(config: Pick<TWheelDraft, "free_spins_per_day" | "max_spins_per_day" | "ticket_cost">, counts: TSpinCounts, day: string, resetsAt: Date) {
  const left = Math.max(0, config.max_spins_per_day - counts.spins);
  const free = Math.min(left, Math.max(0, config.free_spins_per_day - counts.free));
  return { day, spins_today: counts.spins, free_spins_left: free, paid_spins_left: left - free, ticket_cost: config.ticket_cost, resets_at: resetsAt.toISOString() };
}
