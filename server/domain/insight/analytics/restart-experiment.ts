import { randomUUID } from "node:crypto";
import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";

/**
 * Starts a new A/B experiment: a fresh experiment_key, so every player is bucketed anew (the
 * bucket hashes key and player) and exposures from now on are recorded under it. Past cohort rows
 * stay under their old key and remain readable through analytics/ab?experiment_key=.
 */
export async function restartExperiment(opts: { accountId: string; projectId: string; requestId?: string }) {
  await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const at = now();
    const key = randomUUID();
    const { rows } = await tx.query<{ previous: string }>(
      `UPDATE project p SET experiment_key = $3, updated_at = $4 FROM (SELECT id, experiment_key FROM project WHERE id = $1 AND owner_account_id = $2 FOR UPDATE) old
        WHERE p.id = old.id RETURNING old.experiment_key AS previous`,
      [opts.projectId, opts.accountId, key, at],
    );
    if (!rows[0]) throw new AppError("not_found", "Project not found");
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "experiment.restarted", targetType: "project", targetId: opts.projectId, metadata: { previous_experiment_key: rows[0].previous, experiment_key: key }, requestId: opts.requestId });
    return { experiment_key: key, previous_experiment_key: rows[0].previous, restarted_at: at.toISOString() };
  });
}
