import { pool } from "@/server/db/client";
import type { TPlayerSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { spinView, type TSpinRow } from "./spin-model";
import { findSpin, SPIN_COLUMNS } from "./spin-store";

/** Owner only: another player's spin (even a real one) is indistinguishable from a missing one. */
export async function getSpin(opts: { player: TPlayerSession; spinId: string }) {
  const { player } = opts;
  const row = await findSpin(pool(), player, opts.spinId);
  if (!row) throw new AppError("not_found", "Spin not found");
  return spinView(row);
}

/** The client has shown the result: it stops being the pending spin. Idempotent (the first time is kept). */
export async function markSpinSeen(opts: { player: TPlayerSession; spinId: string; origin: string | null; apiOrigin: string; limits: TLimitGate }) {
  const { player } = opts;
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  await opts.limits.enforce(); // spin reads and marks share one budget
  const { rows } = await pool().query<TSpinRow>(
    `WITH s AS (
       UPDATE wheel_spin SET seen_at = COALESCE(seen_at, $4) WHERE project_id = $1 AND external_user_id = $2 AND spin_id = $3 RETURNING *)
     SELECT ${SPIN_COLUMNS} FROM s JOIN wheel_version v ON v.project_id = s.project_id AND v.wheel_id = s.wheel_id AND v.version = s.wheel_version`,
    [player.projectId, player.externalUserId, opts.spinId, now()],
  );
  if (!rows[0]) throw new AppError("not_found", "Spin not found");
  return spinView(rows[0]);
}
