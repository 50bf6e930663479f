import { withTransaction, type TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { assertBackgroundSlot, projectAssetUrl } from "./limits";
import { normaliseBackground, type TStoredImage } from "./normalise-image";
import { withNormalisationSlot } from "./normalise-queue";

/** An asset's id is derived from its content, which is what lets delivery cache it as immutable. */
function assetIdOf(image: TStoredImage): string {
  return image.sha256.slice(0, 32);
}

function describe(image: TStoredImage) {
  return { asset_id: assetIdOf(image), format: image.format, width: image.width, height: image.height, bytes: image.bytes, sha256: image.sha256 };
}

export type TBackgroundMeta = ReturnType<typeof describe> & { original: ReturnType<typeof describe> };

/**
 * Stores a file under its content-derived id. The same bytes may already be there as the other
 * kind (an admin uploaded, as an original, a runtime image downloaded from a project): a runtime
 * file then marks that row runtime (the bytes are the same, the id is their hash), or the slot
 * would point at a row that delivery, which serves runtime files only, answers 404 for.
 */
async function storeAsset(tx: TTx, projectId: string, kind: "original" | "runtime", image: TStoredImage, at: Date): Promise<void> {
  const onConflict = kind === "runtime" ? "DO UPDATE SET kind = 'runtime' WHERE project_asset.kind <> 'runtime'" : "DO NOTHING";
  await tx.query(
    `INSERT INTO project_asset (project_id, asset_id, kind, format, width, height, bytes, sha256, data, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (project_id, asset_id) ${onConflict}`,
    [projectId, assetIdOf(image), kind, image.format, image.width, image.height, image.bytes, image.sha256, image.data, at],
  );
}

/**
 * Sets a slot's background from an uploaded file: slot and ownership first (404 for a foreign
 * project), then the image checks and normalisation within the per-process concurrency limit, then
 * one transaction: both files stored (content-addressed, so a repeat upload stores nothing new),
 * the slot's metadata and play_config_revision in one UPDATE, and the audit entry. A refused file
 * leaves no row and no revision change.
 */
export async function uploadBackground(opts: { accountId: string; projectId: string; slot: string; file: Buffer; requestId?: string }) {
  assertBackgroundSlot(opts.slot);
  await findOwnedProject(opts);
  const image = await withNormalisationSlot(() => normaliseBackground(opts.file));
  const background: TBackgroundMeta = { ...describe(image.runtime), original: describe(image.original) };
  return withTransaction(async (tx) => {
    const at = now();
    await storeAsset(tx, opts.projectId, "original", image.original, at);
    await storeAsset(tx, opts.projectId, "runtime", image.runtime, at);
    const { rows } = await tx.query<{ play_config_revision: number }>(
      `UPDATE project SET game_backgrounds = jsonb_set(game_backgrounds, ARRAY[$2::text], $3::jsonb), play_config_revision = play_config_revision + 1, updated_at = $4
        WHERE id = $1 RETURNING play_config_revision`,
      [opts.projectId, opts.slot, JSON.stringify(background), at],
    );
    const configRevision = rows[0]!.play_config_revision;
    await writeAudit({
      tx,
      at,
      accountId: opts.accountId,
      projectId: opts.projectId,
      action: "project.background_set",
      targetType: "background",
      targetId: opts.slot,
      metadata: { slot: opts.slot, asset_id: background.asset_id, original_asset_id: background.original.asset_id, original_format: background.original.format, play_config_revision: configRevision },
      requestId: opts.requestId,
    });
    return { slot: opts.slot, background, config_revision: configRevision, url: projectAssetUrl(opts.projectId, background.asset_id) };
  });
}
