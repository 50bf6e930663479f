import { pool } from "@/server/db/client";
import { findOwnedProject, isUuid } from "@/server/domain/identity";

export const SEARCH_KINDS = ["player", "campaign", "run", "claim"] as const;
type TSearchKind = (typeof SEARCH_KINDS)[number];
export type TSearchResult = { kind: TSearchKind; id: string; label: string; project_id: string; project_name: string; href: string };

const SEARCH_LIMIT = 20;
const PER_KIND = { player: 8, campaign: 5, run: 5, claim: 5 } as const;
/** Id prefixes shorter than this would match a large share of a project's rows. */
const MIN_ID_PREFIX = 4;

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeInfix = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The console's global search over the admin's own projects (or one of them): players by
 * external id prefix, campaigns by name (substring, case-insensitive) or id prefix, runs and
 * claims by id prefix (at least 4 hex characters, or a whole UUID). Every query is bounded by
 * `project_id = ANY(<the account's project ids>)`, so another account's objects cannot match
 * whatever `q` is. At most 20 results: up to 8 players, then 5 of each other kind.
 */
export async function searchConsole(opts: { accountId: string; q: string; projectId?: string }): Promise<{ results: TSearchResult[] }> {
  const projects = opts.projectId
    ? [await findOwnedProject({ accountId: opts.accountId, projectId: opts.projectId })]
    : (await pool().query<{ id: string; name: string }>("SELECT id, name FROM project WHERE owner_account_id = $1", [opts.accountId])).rows;
  if (!projects.length) return { results: [] };
  const ids = projects.map((p) => p.id);
  const name = new Map(projects.map((p) => [p.id, p.name]));
  const q = opts.q.trim();
  const idQuery = q.toLowerCase();
  const asId = isUuid(idQuery) ? "exact" : /^[0-9a-f-]+$/.test(idQuery) && idQuery.replace(/-/g, "").length >= MIN_ID_PREFIX ? "prefix" : null;
  const idClause = asId === "exact" ? "id = $2::uuid" : "id::text LIKE $2";
  const idValue = asId === "exact" ? idQuery : likePrefix(idQuery);
  type TRow = { project_id: string; id: string; label: string; extra: string | null };
  const run = (sql: string, values: unknown[]) => pool().query<TRow>(sql, [ids, ...values]).then((r) => r.rows);

  const [players, campaigns, runs, claims] = await Promise.all([
    run(
      `SELECT project_id, external_user_id AS id, external_user_id AS label, NULL AS extra FROM (
         SELECT project_id, external_user_id FROM player_event WHERE project_id = ANY($1::uuid[]) AND external_user_id LIKE $2
         UNION SELECT project_id, external_user_id FROM game_run WHERE project_id = ANY($1::uuid[]) AND external_user_id LIKE $2
       ) p ORDER BY external_user_id LIMIT ${PER_KIND.player}`,
      [likePrefix(q)],
    ),
    run(
      `SELECT project_id, id::text AS id, name AS label, status AS extra FROM campaign
        WHERE project_id = ANY($1::uuid[]) AND (name ILIKE $2${asId ? ` OR ${idClause.replace("$2", "$3")}` : ""})
        ORDER BY created_at DESC LIMIT ${PER_KIND.campaign}`,
      asId ? [likeInfix(q), idValue] : [likeInfix(q)],
    ),
    asId
      ? run(`SELECT project_id, id::text AS id, mechanic || ' run, level ' || level_number AS label, external_user_id AS extra FROM game_run WHERE project_id = ANY($1::uuid[]) AND ${idClause} ORDER BY started_at DESC LIMIT ${PER_KIND.run}`, [idValue])
      : [],
    asId
      ? run(`SELECT project_id, id::text AS id, 'Claim, ' || status AS label, external_user_id AS extra FROM reward_claim WHERE project_id = ANY($1::uuid[]) AND ${idClause} ORDER BY created_at DESC LIMIT ${PER_KIND.claim}`, [idValue])
      : [],
  ]);
  const base = (p: string) => `/projects/${p}`;
  const player = (p: string, u: string) => `${base(p)}/players/${encodeURIComponent(u)}`;
  const results: TSearchResult[] = [
    ...players.map((r) => ({ kind: "player" as const, id: r.id, label: r.label, project_id: r.project_id, href: player(r.project_id, r.id) })),
    ...campaigns.map((r) => ({ kind: "campaign" as const, id: r.id, label: `${r.label} (${r.extra})`, project_id: r.project_id, href: `${base(r.project_id)}/campaigns` })),
    ...runs.map((r) => ({ kind: "run" as const, id: r.id, label: `${r.label} · ${r.extra}`, project_id: r.project_id, href: `${player(r.project_id, r.extra!)}?run=${r.id}` })),
    ...claims.map((r) => ({ kind: "claim" as const, id: r.id, label: `${r.label} · ${r.extra}`, project_id: r.project_id, href: `${base(r.project_id)}/claims` })),
  ].map((r) => ({ ...r, project_name: name.get(r.project_id) ?? "" }));
  return { results: results.slice(0, SEARCH_LIMIT) };
}
