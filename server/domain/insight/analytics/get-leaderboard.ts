import { laggedProjectReads } from "@/server/db/replica";
import { findOwnedProject } from "@/server/domain/identity";
import { hmacHex } from "@/server/lib/crypto";

const TOP = 10;

/**
 * A verified player is one the integrator's server named (a server-issued session); anonymous
 * widget players carry `anon_` ids. Only verified ids are shown; the others become a short keyed
 * hash, stable within the project, that cannot be turned back into the id or linked across projects.
 */
function leaderboardPlayer(projectId: string, externalUserId: string) {
  const verified = !externalUserId.startsWith("anon_");
  return { player: verified ? externalUserId : `anon-${hmacHex("leaderboard", `${projectId}:${externalUserId}`).slice(0, 10)}`, verified };
}

/** Best scores per level of the project's current game (top 10 each) and overall (sum of a player's best scores across its levels). */
export async function getLeaderboard(opts: { accountId: string; projectId: string }) {
  const project = await findOwnedProject(opts);
  const reads = await laggedProjectReads(opts.projectId);
  const mechanic = project.playMechanic;
  if (!mechanic) return { mechanic: null, levels: [], overall: [] };
  const [levels, overall] = await Promise.all([
    reads.query<{ level_number: number; external_user_id: string; best_score: number; completions: number }>(
      `SELECT l.number AS level_number, t.external_user_id, t.best_score, t.completions
         FROM (SELECT DISTINCT number FROM game_level WHERE mechanic = $2) l
         CROSS JOIN LATERAL (SELECT external_user_id, best_score, completions FROM level_progress
                              WHERE project_id = $1 AND mechanic = $2 AND level_number = l.number AND best_score > 0
                              ORDER BY best_score DESC, external_user_id LIMIT $3) t
        ORDER BY l.number, t.best_score DESC, t.external_user_id`,
      [project.id, mechanic, TOP],
    ),
    reads.query<{ external_user_id: string; total: number; levels: number }>(
      `SELECT external_user_id, sum(best_score)::int AS total, count(*)::int AS levels FROM level_progress
        WHERE project_id = $1 AND mechanic = $2 AND best_score > 0 GROUP BY external_user_id ORDER BY total DESC, external_user_id LIMIT $3`,
      [project.id, mechanic, TOP],
    ),
  ]);
  const byLevel = new Map<number, Array<{ rank: number; player: string; verified: boolean; best_score: number; completions: number }>>();
  for (const r of levels.rows) {
    const list = byLevel.get(r.level_number) ?? [];
    list.push({ rank: list.length + 1, ...leaderboardPlayer(project.id, r.external_user_id), best_score: r.best_score, completions: r.completions });
    byLevel.set(r.level_number, list);
  }
  return {
    mechanic,
    levels: [...byLevel].map(([level_number, entries]) => ({ level_number, entries })),
    overall: overall.rows.map((r, i) => ({ rank: i + 1, ...leaderboardPlayer(project.id, r.external_user_id), total_score: r.total, levels: r.levels })),
  };
}
