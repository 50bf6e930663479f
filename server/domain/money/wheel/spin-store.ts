import type { TTx } from "@/server/db/tx";
import type { TPlayerSession } from "@/server/domain/identity";
import type { TWheelId } from "./draft-model";
import type { TSpinRow } from "./spin-model";

/** Reads of stored spins (spin-budget.ts records them). */

/** Columns of a spin read; `s` is wheel_spin, `v` its wheel_version. */
export const SPIN_COLUMNS = `s.spin_id, s.wheel_id, s.wheel_version, s.source, s.request_hash, s.kind, s.tickets_spent, s.nonce, s.server_seed, s.server_seed_hash,
  s.drawn_segment_id, s.outcome, s.substituted, s.created_at, s.seen_at, v.weights_commitment`;
export const SPIN_FROM = "wheel_spin s JOIN wheel_version v ON v.project_id = s.project_id AND v.wheel_id = s.wheel_id AND v.version = s.wheel_version";

export async function findSpin(q: TTx, player: TPlayerSession, spinId: string): Promise<TSpinRow | null> {
  const { rows } = await q.query<TSpinRow>(`SELECT ${SPIN_COLUMNS} FROM ${SPIN_FROM} WHERE s.project_id = $1 AND s.external_user_id = $2 AND s.spin_id = $3`, [
    player.projectId,
    player.externalUserId,
    spinId,
  ]);
  return rows[0] ?? null;
}

/** The player's latest spin of the wheel that the client has not marked seen. */
export async function findPendingSpin(q: TTx, player: TPlayerSession, wheelId: TWheelId): Promise<TSpinRow | null> {
  const { rows } = await q.query<TSpinRow>(
    `SELECT ${SPIN_COLUMNS} FROM ${SPIN_FROM} WHERE s.project_id = $1 AND s.external_user_id = $2 AND s.wheel_id = $3 AND s.seen_at IS NULL ORDER BY s.created_at DESC LIMIT 1`,
    [player.projectId, player.externalUserId, wheelId],
  );
  return rows[0] ?? null;
}
