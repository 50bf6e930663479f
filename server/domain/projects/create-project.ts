import { randomUUID } from "node:crypto";
import type { Project } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { writeAudit } from "@/server/domain/audit/write-audit";
import { assertCanCreateProject } from "@/server/domain/billing/get-billing";
import { serializeProject } from "./serialize";

export async function createProject(opts: { accountId: string; name: string; allowedOrigins: string[]; requestId?: string }) {
  await assertCanCreateProject({ accountId: opts.accountId });
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
