import type { TTx } from "@/server/db/tx";
import { recordEvents } from "@/server/domain/gameplay/events/record-event";
import { now } from "@/server/lib/clock";
import type { TRunRow } from "./run-model";

type TClosable = Pick<TRunRow, "id" | "project_id" | "external_user_id" | "mechanic" | "level_number">;

/**
 * Closes active runs as abandoned (expired or replaced) and records one `game.abandoned` per run,
 * inside the caller's transaction: two statements whatever the number of runs. Runs that are no
 * longer active are skipped.
 */
export async function abandonRuns(tx: TTx, runs: TClosable[], reason: "expired" | "replaced"): Promise<number> {
  if (runs.length === 0) return 0;
  const at = now();
  const res = await tx.query<{ id: string }>(
    `UPDATE game_run SET status = 'abandoned', end_reason = $2, ended_at = $3 WHERE id = ANY($1::uuid[]) AND status = 'active' RETURNING id`,
    [runs.map((r) => r.id), reason, at],
  );
  const closed = new Set(res.rows.map((r) => r.id));
  await recordEvents(
    tx,
    runs
      .filter((r) => closed.has(r.id))
      .map((r) => ({
        projectId: r.project_id,
        externalUserId: r.external_user_id,
        type: "game.abandoned",
        source: "system" as const,
        runId: r.id,
        payload: { mechanic: r.mechanic, level_number: r.level_number, end_reason: reason },
        at,
      })),
  );
  return closed.size;
}

export async function abandonRun(tx: TTx, run: TClosable, reason: "expired" | "replaced"): Promise<void> {
  await abandonRuns(tx, [run], reason);
}
