import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { writeAudit } from "@/server/domain/audit/write-audit";
import { activePlayers24h } from "@/server/domain/projects/play-probes";
import { hasPublishedWheel } from "@/server/domain/catalogue/wheels";
import { clientStatus } from "@/server/domain/catalogue/templates";
import { findOwnedProject } from "./find-owned-project";
import { serializeProject } from "./serialize";

export async function createProject(opts: { accountId: string; name: string; allowedOrigins: string[]; requestId?: string }) {
  return db().$transaction(async (tx) => {
    const project = await tx.project.create({
      data: { ownerAccountId: opts.accountId, name: opts.name, allowedOrigins: opts.allowedOrigins, experimentKey: randomUUID() },
    });
    await writeAudit({ tx, accountId: opts.accountId, projectId: project.id, action: "project.created", metadata: { name: opts.name }, requestId: opts.requestId });
    return serializeProject(project);
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
    activePlayers24h(project.id, project.playMechanic),
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
  };
}
