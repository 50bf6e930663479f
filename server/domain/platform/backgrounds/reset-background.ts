import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { assertBackgroundSlot } from "./limits";

/**
 * Removes a slot's background metadata (the stored files stay, as the spec asks: a cached page may
 * still show them). The slot and play_config_revision change in one UPDATE, only when the slot had
 * a background, so resetting twice answers the same revision.
 */
export async function resetBackground(opts: { accountId: string; projectId: string; slot: string; requestId?: string }) {
  assertBackgroundSlot(opts.slot);
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query<{ play_config_revision: number; removed: { asset_id?: string } }>(
      `UPDATE project p SET game_backgrounds = p.game_backgrounds - $2::text, play_config_revision = p.play_config_revision + 1, updated_at = $3
         FROM (SELECT game_backgrounds -> $2::text AS removed FROM project WHERE id = $1 FOR UPDATE) old
        WHERE p.id = $1 AND old.removed IS NOT NULL RETURNING p.play_config_revision, old.removed`,
      [opts.projectId, opts.slot, at],
    );
    if (rows.length === 0) return { slot: opts.slot, background: {}, config_revision: project.playConfigRevision };
    const configRevision = rows[0]!.play_config_revision;
    await writeAudit({
      tx,
      at,
      accountId: opts.accountId,
      projectId: opts.projectId,
      action: "project.background_reset",
      targetType: "background",
      targetId: opts.slot,
      metadata: { slot: opts.slot, removed_asset_id: rows[0]!.removed.asset_id ?? null, play_config_revision: configRevision },
      requestId: opts.requestId,
    });
    return { slot: opts.slot, background: {}, config_revision: configRevision };
  });
}
