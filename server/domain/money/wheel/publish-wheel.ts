import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { resolveEconomy } from "@/server/domain/money/economy/config";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { assertDraftFitsEconomy, assertDraftFitsLanguages, type TWheelId } from "./draft-model";
import { newWeightsSalt, weightsCommitment } from "./draw";
import { ensureWheels, readWheelRow } from "./wheel-store";

/**
 * Publishes the draft the admin looked at: under the wheel's row lock the draft's hash must still
 * be `expectedDraftHash` (409 `draft_stale` otherwise, with the current hash), the draft must fit
 * the economy as it is now, and then version + 1 is frozen with a fresh weights salt and its
 * commitment. Players spinning the previous version get 409 `wheel_version_stale` from now on.
 */
export async function publishWheel(opts: { accountId: string; projectId: string; wheelId: TWheelId; expectedDraftHash: string; requestId?: string }) {
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    await ensureWheels(tx, project);
    const wheel = await readWheelRow(tx, project.id, opts.wheelId, { lock: true });
    if (wheel.draft_hash !== opts.expectedDraftHash) {
      throw new AppError("draft_stale", "The draft changed since it was read; review it and publish its current hash", { details: { draft_hash: wheel.draft_hash } });
    }
    assertDraftFitsEconomy(wheel.draft, resolveEconomy(project.economyConfig), project.economyEnabled);
    assertDraftFitsLanguages(wheel.draft, project);
    const at = now();
    const version = wheel.published_version + 1;
    const salt = newWeightsSalt();
    const commitment = weightsCommitment(salt, wheel.draft.segments);
    await tx.query(
      `WITH v AS (INSERT INTO wheel_version (project_id, wheel_id, version, config, draft_hash, weights_salt, weights_commitment, published_by, published_at)
                  VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9))
       UPDATE wheel SET published_version = $3, updated_at = $9 WHERE project_id = $1 AND wheel_id = $2`,
      [project.id, opts.wheelId, version, JSON.stringify(wheel.draft), wheel.draft_hash, salt, commitment, opts.accountId, at],
    );
    await writeAudit({
      tx,
      at,
      accountId: opts.accountId,
      projectId: project.id,
      action: "wheel.published",
      targetType: "wheel",
      targetId: opts.wheelId,
      metadata: { version, draft_hash: wheel.draft_hash, weights_commitment: commitment },
      requestId: opts.requestId,
    });
    return { wheel_id: opts.wheelId, version, draft_hash: wheel.draft_hash, weights_commitment: commitment, weights_salt: salt, published_at: at.toISOString() };
  });
}
