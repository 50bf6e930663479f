import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import type { Project } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { writeAudit } from "@/server/domain/audit/write-audit";
import { services } from "@/server/services/container";
import { hasPublishedWheel } from "@/server/domain/catalogue/wheels";
import { clientStatus } from "@/server/domain/catalogue/templates";
import { findOwnedProject } from "./find-owned-project";
import { serializeProject } from "./serialize";

export async function createProject(opts: { accountId: string; name: string; allowedOrigins: string[]; requestId?: string }) {
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query(
      `INSERT INTO project (owner_account_id, name, allowed_origins, experiment_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING *`,
      [opts.accountId, opts.name, opts.allowedOrigins, randomUUID(), at],
    );
    const project = modelRow<Project>(rows[0]!);
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: project.id, action: "project.created", metadata: { name: opts.name }, requestId: opts.requestId });
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
  };
}
