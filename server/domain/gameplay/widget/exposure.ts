import { createHash } from "node:crypto";
import { sentAhead } from "@/server/db/batch";
import { withTransaction } from "@/server/db/tx";
import { guardPlayerWrite } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { AppError } from "@/server/errors/app-error";
import type { TPlayerSession } from "@/server/domain/identity";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { publicProject } from "./public-project";

/** Stable bucket in [0, 1) for a player in an experiment. */
function bucket(experimentKey: string, externalUserId: string): number {
  const h = createHash("sha256").update(`${experimentKey}:${externalUserId}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

/** A player's exposures count once per visit: calls within this window of the last one are the same visit. */
const EXPOSURE_VISIT_MS = 30 * 60_000;

/**
 * Whether to show the widget, and the player's cohort. exposure_mode `all` shows it to everyone,
 * `off` to nobody, `ab_test` splits players 50/50 into `treatment` (shown) and `control` (not
 * shown) by a stable hash. Only a widget session of the project records an exposure (for its own
 * player, once per visit); anyone else gets the same answer as a pure read, so an anonymous GET
 * can never grow the cohort table. Limited per project and network address.
 */
export async function getExposure(opts: { projectId: string; limits: TLimitGate } & ({ player: TPlayerSession } | { player: null; externalUserId: string })) {
  const p = await publicProject(opts.projectId);
  if (opts.player && opts.player.projectId !== p.id) throw new AppError("forbidden", "Session belongs to another project");
  await opts.limits.enforce({ projectId: p.id });
  const externalUserId = opts.player ? opts.player.externalUserId : opts.externalUserId;
  let cohort: string;
  let show: boolean;
  if (p.exposureMode === "ab_test") {
    cohort = bucket(p.experimentKey, externalUserId) < 0.5 ? "treatment" : "control";
    show = cohort === "treatment";
  } else if (p.exposureMode === "off") {
    cohort = "off";
    show = false;
  } else {
    cohort = "all";
    show = true;
  }
  const recorded = opts.player ? await recordExposure(opts.player, { projectId: p.id, experimentKey: p.experimentKey, cohort, show }) : false;
  return { show_widget: show, cohort, experiment_key: p.experimentKey, recorded };
}

/**
 * The player's exposure row, as a player write (the data lock and the erased-session check first):
 * a call counts a new exposure when it starts a visit — the player's first, or the first after
 * EXPOSURE_VISIT_MS without a call; every call moves the visit's last call. Answers whether this
 * call counted one. The row is locked before it is read, so of two calls at once exactly one
 * counts; of two first calls, the one whose insert won.
 */
async function recordExposure(player: TPlayerSession, e: { projectId: string; experimentKey: string; cohort: string; show: boolean }): Promise<boolean> {
  return withTransaction(async (tx) => {
    const guard = guardPlayerWrite(tx, player);
    const t = now();
    // Locked first (sent together: no round trip of its own), so a call at the same moment waits and then sees this one's visit.
    const prior = sentAhead(tx.query<{ last_exposed_at: Date }>(
      "SELECT last_exposed_at FROM experiment_cohort WHERE project_id = $1 AND experiment_key = $2 AND external_user_id = $3 FOR UPDATE",
      [e.projectId, e.experimentKey, player.externalUserId],
    ));
    const { rows } = await tx.query<{ inserted: boolean }>(
      `INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, exposures, first_exposed_at, last_exposed_at)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $6)
       ON CONFLICT (project_id, experiment_key, external_user_id) DO UPDATE SET
         cohort = EXCLUDED.cohort, show_widget = EXCLUDED.show_widget, last_exposed_at = EXCLUDED.last_exposed_at,
         exposures = experiment_cohort.exposures + CASE WHEN experiment_cohort.last_exposed_at <= $7 THEN 1 ELSE 0 END
       RETURNING (xmax = 0) AS inserted`,
      [e.projectId, e.experimentKey, player.externalUserId, e.cohort, e.show, t, new Date(t.getTime() - EXPOSURE_VISIT_MS)],
    );
    const priorAt = (await prior).rows[0]?.last_exposed_at ?? null;
    await guard;
    const r = rows[0]!;
    return r.inserted || (priorAt !== null && priorAt.getTime() <= t.getTime() - EXPOSURE_VISIT_MS);
  });
}
