import { pool } from "@/server/db/client";
import { findOwnedProject } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";

/**
 * The project's players: everyone who has started a game, one row each however many games the
 * project has had (their progress rows summed), newest activity first by default. Read from
 * `player_progress` through its primary key (project, player, game) — the play path keeps those
 * rows, so the list costs nothing on a write — with, for the page's rows only, their rewards (the
 * claims index by player) and their fraud status. Erased players have no rows left, so they are
 * not listed.
 */
export const PLAYER_SORTS = ["last_seen", "runs", "levels_won", "external_user_id"] as const;
type TPlayerSort = (typeof PLAYER_SORTS)[number];

const SORT_COLUMN: Record<TPlayerSort, { column: string; cast: string }> = {
  last_seen: { column: "last_seen_at", cast: "timestamptz" },
  runs: { column: "runs_started", cast: "int" },
  levels_won: { column: "levels_won", cast: "int" },
  external_user_id: { column: "external_user_id", cast: "text" },
};

export type TPlayerListInput = {
  accountId: string;
  projectId: string;
  search?: string;
  sort: TPlayerSort;
  order: "asc" | "desc";
  limit: number;
  cursor?: string;
};

/** A row as json_agg writes it: the timestamp as text. */
type TRow = {
  external_user_id: string;
  last_seen_at: string;
  runs_started: number;
  levels_won: number;
  rewards: number;
  fraud_status: "trusted" | "watch" | "blocked" | "none";
  open_flags: number;
};

/** A page's position: the last row's sort value and id, for this sort and order only. */
function encodeCursor(sort: TPlayerSort, order: string, row: TRow): string {
  const value = sort === "last_seen" ? row.last_seen_at : row[SORT_COLUMN[sort].column as "runs_started" | "external_user_id"];
  return Buffer.from(JSON.stringify([sort, order, value, row.external_user_id])).toString("base64url");
}

function decodeCursor(cursor: string, sort: TPlayerSort, order: string): [string | number, string] {
  const invalid = () => new AppError("validation_error", "cursor is not a next_cursor issued for this sort and order", { details: { issues: [{ path: "cursor", message: "invalid" }] } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== sort || parsed[1] !== order || typeof parsed[3] !== "string") throw invalid();
  const value: unknown = parsed[2];
  const ok = sort === "last_seen" ? typeof value === "string" && !Number.isNaN(Date.parse(value)) : sort === "external_user_id" ? typeof value === "string" : Number.isInteger(value);
  if (!ok) throw invalid();
  return [value as string | number, parsed[3]];
}

/** `%` and `_` in what the admin typed are themselves, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listPlayers(opts: TPlayerListInput) {
  await findOwnedProject(opts);
  const { column, cast } = SORT_COLUMN[opts.sort];
  const dir = opts.order === "asc" ? "ASC" : "DESC";
  const after = opts.cursor ? decodeCursor(opts.cursor, opts.sort, opts.order) : null;
  const search = opts.search?.trim() ? containsPattern(opts.search.trim()) : null;
  const { rows: [result] } = await pool().query<{ total: number; rows: TRow[] }>(
    `WITH agg AS (
       SELECT external_user_id, max(updated_at) AS last_seen_at, sum(runs_started)::int AS runs_started, sum(levels_completed)::int AS levels_won
         FROM player_progress WHERE project_id = $1 AND ($2::text IS NULL OR external_user_id ILIKE $2)
        GROUP BY external_user_id
     ), page AS (
       SELECT * FROM agg
        WHERE $3::text IS NULL OR (${column}, external_user_id) ${dir === "DESC" ? "<" : ">"} ($3::${cast}, $4::text)
        ORDER BY ${column} ${dir}, external_user_id ${dir} LIMIT $5
     )
     SELECT (SELECT count(*)::int FROM agg) AS total, coalesce((
       SELECT json_agg(x ORDER BY x.${column} ${dir}, x.external_user_id ${dir}) FROM (
         SELECT p.*,
                (SELECT count(*)::int FROM reward_claim c WHERE c.project_id = $1 AND c.external_user_id = p.external_user_id) AS rewards,
                coalesce((SELECT s.state FROM player_fraud_status s WHERE s.project_id = $1 AND s.external_user_id = p.external_user_id AND (s.expires_at IS NULL OR s.expires_at > $6)), 'none') AS fraud_status,
                (SELECT count(*)::int FROM fraud_flag f WHERE f.project_id = $1 AND f.external_user_id = p.external_user_id AND f.resolved_at IS NULL) AS open_flags
           FROM page p) x), '[]') AS rows`,
    [opts.projectId, search, after ? String(after[0]) : null, after?.[1] ?? null, opts.limit + 1, now()],
  );
  const rows = result!.rows;
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    players: page.map((r) => ({
      external_user_id: r.external_user_id,
      subject_type: r.external_user_id.startsWith("anon_") ? ("anonymous" as const) : ("verified" as const),
      last_seen_at: new Date(r.last_seen_at).toISOString(),
      runs_started: r.runs_started,
      levels_won: r.levels_won,
      rewards: r.rewards,
      fraud_status: r.fraud_status,
      open_flags: r.open_flags,
    })),
    total: result!.total,
    next_cursor: rows.length > opts.limit && last ? encodeCursor(opts.sort, opts.order, last) : null,
  };
}
