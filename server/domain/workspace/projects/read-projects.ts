import { db } from "@/server/db/client";
import { services } from "@/server/services/container";
import { clientStatus, hasPublishedWheel } from "@/server/domain/gameplay";
import { findOwnedProject } from "@/server/domain/identity";
import { serializeProject } from "./serialize";
import { backgroundSlots, projectAssetUrl } from "@/server/domain/platform";
import type { TBackgroundMeta } from "@/server/domain/platform";

/** Every background slot of the project, set or not (the console shows one card per slot). */
function listBackgrounds(projectId: string, stored: Record<string, TBackgroundMeta | undefined>) {
  return backgroundSlots().map((slot) => {
    const bg = stored?.[slot];
    return {
      slot,
      url: bg ? projectAssetUrl(projectId, bg.asset_id) : null,
      original: bg ? { format: bg.original.format, width: bg.original.width, height: bg.original.height, bytes: bg.original.bytes } : null,
    };
  });
}

export async function listProjects(opts: { accountId: string }) {
  const rows = await db().project.findMany({ where: { ownerAccountId: opts.accountId }, orderBy: { createdAt: "asc" } });
  return rows.map(serializeProject);
}

/** Single-project read with `play_settings`. */
export async function getProject(opts: { accountId: string; projectId: string }) {
  const project = await findOwnedProject(opts);
  const [active, siteWheel, dailyWheel] = await Promise.all([
    services().probes.activePlayers24h(project.id, project.playMechanic),
    hasPublishedWheel(project.id, "site"),
    hasPublishedWheel(project.id, "daily"),
  ]);
  const wheelClient = clientStatus("wheel") === "ready";
  return {
    ...serializeProject(project),
    play_settings: {
      active_players_24h: active,
      site_wheel_ready: wheelClient && siteWheel,
      daily_wheel_ready: wheelClient && dailyWheel,
    },
    backgrounds: listBackgrounds(project.id, project.gameBackgrounds as Record<string, TBackgroundMeta | undefined>),
  };
}
