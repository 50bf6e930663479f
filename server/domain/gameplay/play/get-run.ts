import type { TPlayerSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { abandonRun } from "./close-run";
import { isExpired, RUN_COLUMNS, runView, type TRunRow, type TRunView } from "./run-model";

/**
 * Reads a run (owner only; another player's run is 404) by the run's own mechanic, also after
 * the project switched games. An expired active run is closed as abandoned/expired on read.
 */
export async function getRun(opts: { player: TPlayerSession; runId: string }): Promise<TRunView> {
  return withTransaction(async (tx) => {
    const row = (
      await tx.query<TRunRow & { best_score: number | null }>(
        `SELECT ${RUN_COLUMNS.split(",").map((c) => "r." + c.trim()).join(", ")}, lp.best_score
           FROM game_run r
           LEFT JOIN level_progress lp ON lp.project_id = r.project_id AND lp.external_user_id = r.external_user_id AND lp.mechanic = r.mechanic AND lp.level_number = r.level_number
          WHERE r.id = $1 AND r.project_id = $2 AND r.external_user_id = $3`,
        [opts.runId, opts.player.projectId, opts.player.externalUserId],
      )
    ).rows[0];
    if (!row) throw new AppError("not_found", "Run not found");
    const at = now();
    if (isExpired(row, at)) {
      const locked = (await tx.query<TRunRow>(`SELECT ${RUN_COLUMNS} FROM game_run WHERE id = $1 FOR UPDATE`, [row.id])).rows[0]!;
      if (isExpired(locked, at)) await abandonRun(tx, locked, "expired");
      const after = (await tx.query<TRunRow>(`SELECT ${RUN_COLUMNS} FROM game_run WHERE id = $1`, [row.id])).rows[0]!;
      return runView(after, { bestScore: row.best_score ?? 0, at });
    }
    return runView(row, { bestScore: row.best_score ?? 0, at });
  });
}
