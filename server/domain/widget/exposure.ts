import { createHash } from "node:crypto";
import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { AppError } from "@/server/errors/app-error";
import type { TPlayerSession } from "@/server/domain/players/player-token";
import { limitAddress } from "@/server/rate-limit/address";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { publicProject } from "./public-project";

/** Stable bucket in [0, 1) for a player in an experiment. */
function bucket(experimentKey: string, externalUserId: string): number {
  const h = createHash("sha256").update(`${experimentKey}:${externalUserId}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

/** A player's exposures count once per visit: calls within this window of the last one are the same visit. */
export const EXPOSURE_VISIT_MS = 30 * 60_000;

/**
 * Whether to show the widget, and the player's cohort. exposure_mode `all` shows it to everyone,
 * `off` to nobody, `ab_test` splits players 50/50 into `treatment` (shown) and `control` (not
 * shown) by a stable hash. Only a widget session of the project records an exposure (for its own
 * player, once per visit); anyone else gets the same answer as a pure read, so an anonymous GET
 * can never grow the cohort table. Limited per project and network address.
 */
export async function getExposure(opts: { projectId: string; ip: string } & ({ player: TPlayerSession } | { player: null; externalUserId: string })) {
  const p = await publicProject(opts.projectId);
  if (opts.player && opts.player.projectId !== p.id) throw new AppError("forbidden", "Session belongs to another project");
  await rateLimiter().enforce("widgetExposure", `${p.id}:${limitAddress(opts.ip)}`);
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
  if (opts.player) {
    const t = now();
    await db().$executeRaw`
      INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, exposures, first_exposed_at, last_exposed_at)
      VALUES (${p.id}::uuid, ${p.experimentKey}, ${externalUserId}, ${cohort}, ${show}, 1, ${t}, ${t})
      ON CONFLICT (project_id, experiment_key, external_user_id) DO UPDATE SET
        cohort = EXCLUDED.cohort, show_widget = EXCLUDED.show_widget, last_exposed_at = EXCLUDED.last_exposed_at,
        exposures = experiment_cohort.exposures + CASE WHEN experiment_cohort.last_exposed_at <= ${new Date(t.getTime() - EXPOSURE_VISIT_MS)} THEN 1 ELSE 0 END`;
  }
  return { show_widget: show, cohort, experiment_key: p.experimentKey, recorded: opts.player !== null };
}
